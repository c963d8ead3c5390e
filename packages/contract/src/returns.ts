// Returns and size exchanges of a delivered order (OPERATIONS.md, Order lifecycle; spec
// section 9: return or exchange within 7 days of delivery): what a shopper asks for with
// order_return.php, and what the order page shows of each request.
import { z } from 'zod';
import { Id } from './common.js';

/** A delivered order can be returned or exchanged until the end of the 7th day after delivery. */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_REASON_MAX_LENGTH = 1000;
export const RETURN_NOTE_MAX_LENGTH = 1000;

/**
 * Printed shirts (name and number, decision 049) come back only when they arrive damaged or
 * faulty (decision 051): the server's refusal and the shopper's dialog say it in these words.
 */
export const PRINTED_RETURN_REFUSAL =
  'Printed shirts can be returned or exchanged only if they arrive damaged or faulty.';

export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * requested → approved or rejected (support); approved → received (the shirts are back in
 * stock; a return is refunded) → for an exchange, shipped (the replacement is on its way) →
 * delivered. A replacement that comes back to the shop undelivered makes the exchange received
 * again, to be shipped again. An approved request not yet received may still be rejected (the
 * shirts never came).
 */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'received',
  'shipped',
  'delivered',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The words the shopper's page and the back office use for a request's status. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Not approved',
  received: 'Received',
  shipped: 'Replacement shipped',
  delivered: 'Replacement delivered',
};

/** Whether a request is still in progress (an order has at most one such at a time). */
export function isOpenReturn(r: { kind: ReturnKind; status: ReturnStatus }): boolean {
  return (
    r.status === 'requested' ||
    r.status === 'approved' ||
    (r.status === 'received' && r.kind === 'exchange')
  );
}

// ── Refunds of cash-on-delivery orders: payouts ──

/** A UPI id (virtual payment address): handle@provider, as NPCI allows them. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** An IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A bank account number: 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;
/** A bank transfer's reference (UTR): 12 (IMPS, UPI) to 22 letters and digits (NEFT, RTGS). */
export const UTR_PATTERN = /^[A-Za-z0-9]{12,22}$/;

/** The sentence a cash-on-delivery return without payout details is refused with. */
export const PAYOUT_NEEDED =
  'A cash-on-delivery order is refunded by bank transfer: please give your UPI id or bank account.';

/**
 * Where a cash-on-delivery order's refund is paid out: there is no payment to refund to, so
 * the shop transfers it to the shopper's UPI id or bank account.
 */
export const PayoutDetails = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('upi'),
      upi_id: z
        .string({ error: 'Enter your UPI id, like name@okaxis.' })
        .trim()
        .regex(UPI_ID_PATTERN, 'Enter your UPI id, like name@okaxis.'),
    }),
    z.object({
      method: z.literal('bank'),
      account_name: z
        .string({ error: 'Enter the account holder’s name.' })
        .trim()
        .min(2, 'Enter the account holder’s name.')
        .max(100, 'The account holder’s name is at most 100 characters.'),
      account_number: z
        .string({ error: 'Enter the account number: 9 to 18 digits.' })
        .trim()
        .regex(BANK_ACCOUNT_PATTERN, 'Enter the account number: 9 to 18 digits.'),
      ifsc: z
        .string({ error: 'Enter the branch’s IFSC, like SBIN0001234.' })
        .trim()
        .toUpperCase()
        .regex(IFSC_PATTERN, 'Enter the branch’s IFSC, like SBIN0001234.'),
    }),
  ],
  { error: "payout method must be 'upi' or 'bank'" },
);
export type PayoutDetails = z.output<typeof PayoutDetails>;

/** A payout's destination in a few words, the account number masked: for staff, mails, pages. */
export function describePayout(p: PayoutDetails): string {
  if (p.method === 'upi') return `UPI ${p.upi_id}`;
  return `${p.account_name}, account ending ${p.account_number.slice(-4)}, IFSC ${p.ifsc}`;
}

// ── POST /api/order_return.php ──

const ReturnLineInput = z.object({
  order_item_id: Id,
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(99, 'quantity is at most 99'),
  /** The size wanted instead, for an exchange. */
  exchange_size: z.string().trim().min(1).max(12).nullish(),
});

/**
 * Asks to return or exchange some pieces of a delivered order (Completed, within 7 days of
 * delivery, one open request per order, at most what was ordered less what was already asked).
 * An exchange names the size wanted for each line; it must be a size the jersey comes in.
 * Photos are not taken yet. Returns the order page (orders.php's detail) as it is afterwards.
 */
export const OrderReturnRequest = z
  .object({
    user_id: Id,
    order_id: Id,
    kind: z.enum(RETURN_KINDS, { error: "kind must be 'return' or 'exchange'" }),
    reason: z
      .string({ error: 'Please tell us why.' })
      .trim()
      .min(1, 'Please tell us why.')
      .max(RETURN_REASON_MAX_LENGTH, `reason is at most ${RETURN_REASON_MAX_LENGTH} characters`),
    items: z.array(ReturnLineInput).min(1, 'Choose at least one item.').max(50, 'at most 50 items'),
    /**
     * Ours: the pieces arrived damaged or faulty (staff inspect them). Absent: false. A printed
     * line can be returned or exchanged only with this set.
     */
    defect: z.boolean({ error: 'defect must be true or false' }).default(false),
    /**
     * Ours: where a cash-on-delivery order's refund is paid out. Required for a return of an
     * order paid in cash; ignored otherwise.
     */
    payout: PayoutDetails.optional(),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    b.items.forEach((item, i) => {
      if (seen.has(item.order_item_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'order_item_id'],
          message: 'each item may be named once',
        });
      }
      seen.add(item.order_item_id);
      if (b.kind === 'exchange' && !item.exchange_size) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'exchange_size'],
          message: 'an exchange needs the size you want instead',
        });
      }
      if (b.kind === 'return' && item.exchange_size) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'exchange_size'],
          message: 'a return takes no size; ask for an exchange to change sizes',
        });
      }
    });
  });
export type OrderReturnRequest = z.input<typeof OrderReturnRequest>;

/** A request as the shopper's order page shows it. */
export const ShopperReturn = z.object({
  id: z.number().int(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  /** Ours, only when the shopper said the pieces arrived damaged or faulty (decision 051). */
  defect: z.literal(true).optional(),
  /** Ours, a cash-on-delivery return's only: where its refund is paid out, masked. */
  payout_to: z.string().optional(),
  /** ISO 8601. */
  created_at: z.string(),
  /** The shop's word on its decision ('' when none). */
  decision_note: z.string(),
  items: z.array(
    z.object({
      order_item_id: z.number().int(),
      product_name: z.string(),
      size: z.string(),
      quantity: z.number().int(),
      exchange_size: z.string().nullable(),
    }),
  ),
  /**
   * Ours, while the shop's courier is to collect the parcel from the shopper (decision 067):
   * booking (being booked), booked (to be collected), on_its_way (collected), arrived (at the
   * shop, being checked). Absent when the shopper sends the parcel themselves.
   */
  pickup: z
    .object({
      state: z.enum(['booking', 'booked', 'on_its_way', 'arrived']),
      courier_name: z.string().nullable(),
      tracking_id: z.string().nullable(),
      tracking_link: z.string().nullable(),
    })
    .optional(),
  /** The replacement's parcel, once shipped. */
  courier_name: z.string().nullable(),
  tracking_id: z.string().nullable(),
  tracking_link: z.string().nullable(),
});
export type ShopperReturn = z.infer<typeof ShopperReturn>;

/** What the shopper may ask for now: pieces left per line, and the sizes to exchange to. */
export const ReturnOptions = z.object({
  /**
   * Ours, only for an order paid in cash on delivery: a return's refund is a bank or UPI
   * transfer, so the request must say where to (`payout`).
   */
  payout_needed: z.literal(true).optional(),
  items: z.array(
    z.object({
      order_item_id: z.number().int(),
      /** Ordered less already asked (in requests not rejected). */
      quantity: z.number().int(),
      /** The jersey's other sizes; in_stock says whether the shop has one now. */
      exchange_sizes: z.array(z.object({ size: z.string(), in_stock: z.boolean() })),
      /**
       * Ours, on printed lines only (absent on plain ones): returnable or exchangeable only
       * if the pieces arrived damaged or faulty.
       */
      printed: z.literal(true).optional(),
    }),
  ),
});
export type ReturnOptions = z.infer<typeof ReturnOptions>;
