// Shoppers in the back office (issue 41): the list, found by name, email or phone, newest first
// or by lifetime value, in keyset pages; one shopper with their account, addresses, orders,
// what they kept with the shop, returns and parcels returned to origin, wholesale status,
// cash-on-delivery block, staff notes and any erasure; and the actions on them: a note,
// blocking or allowing cash on delivery, starting an erasure they asked for.
import { z } from 'zod';
import { Email } from '../accounts.js';
import { Id } from '../common.js';
import { AddressLabel, AdminOrderRow } from './orders.js';

// ── GET /api/admin/customers ──

export const CUSTOMER_SORTS = ['newest', 'value'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const MAX_CUSTOMER_LIST_LIMIT = 100;

/** The keyset cursor: the last row's sort value (signup microseconds or paise) and id. */
export const CUSTOMER_CURSOR_PATTERN = /^-?\d{1,20}\.\d{1,10}$/;

export const CustomerListQuery = z.object({
  /** A name, an email (or part of one), or a 10-digit phone number (+91 or a leading 0 aside). */
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  /** 'newest': by signup, newest first; 'value': by lifetime value, highest first. */
  sort: z
    .enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(', ')}` })
    .default('newest'),
  after: z
    .string()
    .regex(CUSTOMER_CURSOR_PATTERN, 'after must be a next_after the list answered')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_CUSTOMER_LIST_LIMIT, `limit must be at most ${MAX_CUSTOMER_LIST_LIMIT}`)
    .default(50),
});
export type CustomerListQuery = z.input<typeof CustomerListQuery>;

export const WHOLESALE_STANDINGS = ['pending', 'approved', 'rejected'] as const;
export const WholesaleStanding = z.enum(WHOLESALE_STANDINGS);
export type WholesaleStanding = z.infer<typeof WholesaleStanding>;

export const AdminCustomerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** When they signed up. */
  created_at: z.string(),
  /** The shopper erased the account (decision 037): name, email and phone are placeholders. */
  erased: z.boolean(),
  /** Orders placed, paid or not. */
  orders: z.number().int(),
  last_order_at: z.string().nullable(),
  /**
   * What their paid orders kept, from the orders' money ledger: captured + cash collected −
   * refunds given or on their way. null for a role without orders.money.
   */
  lifetime_value_paise: z.number().int().nullable(),
  /** Their wholesale application's status; null: never applied. */
  wholesale: WholesaleStanding.nullable(),
  cod_blocked: z.boolean(),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRow>;

export const CustomerListResponse = z.object({
  customers: z.array(AdminCustomerRow),
  /** Pass as `after` for the next page; null on the last one. */
  next_after: z.string().nullable(),
});
export type CustomerListResponse = z.infer<typeof CustomerListResponse>;

// ── GET /api/admin/customers/:id ──

export const CustomerIdParams = z.object({ id: Id });
export type CustomerIdParams = z.input<typeof CustomerIdParams>;

export const CustomerNote = z.object({
  id: z.number().int(),
  note: z.string(),
  staff_name: z.string(),
  created_at: z.string(),
});
export type CustomerNote = z.infer<typeof CustomerNote>;

export const CodBlock = z.object({
  blocked_at: z.string(),
  /** Why, in staff's words (the shopper is told only that COD is not available to them). */
  reason: z.string(),
  staff_name: z.string(),
});
export type CodBlock = z.infer<typeof CodBlock>;

/** An address their orders went to, with how often and when last. */
export const CustomerOrderAddress = z.object({
  address: AddressLabel,
  orders: z.number().int(),
  last_used_at: z.string(),
});
export type CustomerOrderAddress = z.infer<typeof CustomerOrderAddress>;

export const CustomerSummary = z.object({
  orders: z.number().int(),
  paid_orders: z.number().int(),
  /** As in the list; null for a role without orders.money. */
  lifetime_value_paise: z.number().int().nullable(),
  /** Returns and exchanges asked for, whatever became of them. */
  returns: z.number().int(),
  /** Orders whose parcel the courier is returning or returned to the shop (the COD report's RTO). */
  returned_to_origin: z.number().int(),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const CUSTOMER_ORDERS_SHOWN = 20;

export const AdminCustomerResponse = z.object({
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    created_at: z.string(),
    erased_at: z.string().nullable(),
  }),
  /** The address saved with the account (checkout fills it in); null: none. */
  saved_address: AddressLabel.nullable(),
  /** The addresses their orders went to, most recently used first. */
  order_addresses: z.array(CustomerOrderAddress),
  summary: CustomerSummary,
  /** The newest orders (at most CUSTOMER_ORDERS_SHOWN), as the orders list shows them. */
  orders: z.array(AdminOrderRow),
  wholesale: z
    .object({
      status: WholesaleStanding,
      shop_name: z.string(),
      applied_at: z.string(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
  /** Set while cash on delivery is blocked for them. */
  cod_block: CodBlock.nullable(),
  /** Staff notes, newest first. */
  notes: z.array(CustomerNote),
  /** Their erasure request, waiting or done; null: none. */
  erasure: z
    .object({
      state: z.enum(['waiting', 'done']),
      waiting_reason: z.string().nullable(),
      requested_at: z.string(),
      done_at: z.string().nullable(),
    })
    .nullable(),
});
export type AdminCustomerResponse = z.infer<typeof AdminCustomerResponse>;

// ── the actions ──

/** Trimmed text: empty is "required", then too short or too long, each said once. */
function text(field: string, min: number, max: number) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .refine((v) => v.length === 0 || v.length >= min, {
      message: `${field} must be at least ${min} characters`,
    })
    .max(max, `${field} must be at most ${max} characters`);
}

export const CustomerNoteRequest = z.object({ note: text('note', 1, 1000) });
export type CustomerNoteRequest = z.input<typeof CustomerNoteRequest>;

/** {blocked: true, reason} blocks cash on delivery for the shopper; {blocked: false} allows it. */
export const CodBlockRequest = z.discriminatedUnion(
  'blocked',
  [
    z.object({ blocked: z.literal(true), reason: text('reason', 3, 300) }),
    z.object({ blocked: z.literal(false) }),
  ],
  { error: 'blocked must be true or false' },
);
export type CodBlockRequest = z.input<typeof CodBlockRequest>;

/** The shopper's email, typed again by the owner to confirm, as the shopper types it themself. */
export const CustomerErasureRequest = z.object({ email: Email });
export type CustomerErasureRequest = z.input<typeof CustomerErasureRequest>;
