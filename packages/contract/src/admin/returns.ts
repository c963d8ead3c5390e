// Returns and size exchanges in the back office: the list (waiting first), one request with
// its order and lines, and the steps — approve (an exchange holds the replacement size's
// stock), reject with a note, receive (the shirts go back to stock; a return is refunded),
// ship the replacement. Money here is paise.
import { z } from 'zod';
import { CartPrint } from '../cart.js';
import { Id } from '../common.js';
import { RETURN_KINDS, RETURN_NOTE_MAX_LENGTH, RETURN_STATUSES } from '../returns.js';
import { CourierShipment, ShipWithCourierRequest } from './shipments.js';

export const ReturnsQuery = z.object({
  /** Only requests in this status; absent: every status, waiting ('requested') first. */
  status: z
    .enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` })
    .optional(),
  /**
   * The cursor: the request to continue after, as `next_after` gave it ('w12' among the
   * waiting ones, 'o12' among the others), since waiting requests come first.
   */
  after: z
    .string()
    .regex(/^[wo]\d{1,10}$/, 'after must be the next_after of the previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ReturnsQuery = z.input<typeof ReturnsQuery>;

export const AdminReturnLine = z.object({
  order_item_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_image_url: z.string(),
  /** The size delivered. */
  size: z.string(),
  /** Pieces of this line asked for. */
  quantity: z.number().int(),
  /** The size wanted instead (an exchange). */
  exchange_size: z.string().nullable(),
  /** The replacement size's stock now (an exchange), else null. */
  exchange_stock: z.number().int().nullable(),
  unit_price_paise: z.number().int(),
  /** The print on the line's shirts (decision 049), its price per piece in rupees; absent: none. */
  print: CartPrint.nullish(),
});
export type AdminReturnLine = z.infer<typeof AdminReturnLine>;

export const AdminReturnSummary = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  /** The shopper says the pieces arrived damaged or faulty: staff inspect them (decision 051). */
  defect: z.boolean(),
  created_at: z.string(),
  /** The name on the delivery address. */
  customer_name: z.string(),
  /** Pieces asked for in all. */
  pieces: z.number().int(),
});
export type AdminReturnSummary = z.infer<typeof AdminReturnSummary>;

export const AdminReturn = AdminReturnSummary.extend({
  order: z.object({
    id: z.number().int(),
    order_status: z.string(),
    placed_at: z.string(),
    delivered_at: z.string().nullable(),
    /** The delivery address as one line (where a replacement goes). */
    shipping_address: z.string(),
    total_paise: z.number().int(),
    discount_paise: z.number().int(),
    shipping_paise: z.number().int(),
  }),
  lines: z.array(AdminReturnLine),
  decision_note: z.string(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  received_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  /** When the replacement reached the shopper (its courier said so). */
  delivered_at: z.string().nullable(),
  courier_name: z.string().nullable(),
  tracking_id: z.string().nullable(),
  tracking_link: z.string().nullable(),
  /**
   * A return: what its receipt refunds by the rule (the lines' price less their share of the
   * coupon discount, shipping kept), before any cap by what is left to refund on the order.
   */
  refund_due_paise: z.number().int().nullable(),
  /**
   * A cash-on-delivery return: where its refund is paid out (UPI id, or the bank account with
   * its number masked), as the shopper gave it; null when the order was paid online.
   */
  payout_to: z.string().nullable(),
  /**
   * The replacement's parcels, oldest first: booked with a courier or recorded by hand, each
   * with its state and tracking events (a canceled one and the next stay listed).
   */
  shipments: z.array(CourierShipment),
  /**
   * The courier's pickups of the pieces from the shopper, oldest first (a canceled one and the
   * next stay listed); empty when the shopper sends the parcel themselves.
   */
  pickups: z.array(CourierShipment),
  /**
   * The delivery challans the replacement travelled under (CGST Rule 55), oldest first: one
   * per parcel, none when the order had no invoice.
   */
  challans: z.array(z.object({ id: z.number().int(), number: z.string(), issued_at: z.string() })),
  /** The refund written at receipt, with the provider's state. */
  refund: z
    .object({
      id: z.number().int(),
      amount_paise: z.number().int(),
      status: z.enum(['requested', 'pending', 'processed', 'failed']),
    })
    .nullable(),
});
export type AdminReturn = z.infer<typeof AdminReturn>;

export const ReturnsListResponse = z.object({
  returns: z.array(AdminReturnSummary),
  /** Requests waiting for a decision, in all (for the navigation's count). */
  waiting: z.number().int(),
  /** Pass as `after` for the next page; null on the last one. */
  next_after: z.string().nullable(),
});
export type ReturnsListResponse = z.infer<typeof ReturnsListResponse>;

export const ReturnIdParams = z.object({ id: Id });
export type ReturnIdParams = z.input<typeof ReturnIdParams>;

const Note = z
  .string()
  .trim()
  .max(RETURN_NOTE_MAX_LENGTH, `note is at most ${RETURN_NOTE_MAX_LENGTH} characters`);

/**
 * Approve: an optional word to the shopper (what to do with the parcel), and the courier to
 * collect the parcel from the shopper (a pickup booked after the approval; absent: the shopper
 * sends it to the shop's address).
 */
export const ApproveReturnRequest = z.object({
  note: Note.optional(),
  pickup_courier: z
    .enum(['sandbox', 'shiprocket'], { error: 'pickup_courier must be sandbox or shiprocket' })
    .optional(),
});
export type ApproveReturnRequest = z.input<typeof ApproveReturnRequest>;

/** Reject: the shopper is told why. */
export const RejectReturnRequest = z.object({
  note: Note.min(1, 'Say why, for the shopper.'),
});
export type RejectReturnRequest = z.input<typeof RejectReturnRequest>;

/**
 * Receive: `restock` says whether the plain shirts go back to stock (printed ones never do,
 * decision 051). Absent, they do, unless the shopper said they arrived damaged or faulty:
 * those stay out until staff say they can be sold again (decision 053).
 */
export const ReceiveReturnRequest = z.object({
  restock: z.boolean({ error: 'restock must be true or false' }).optional(),
});
export type ReceiveReturnRequest = z.input<typeof ReceiveReturnRequest>;

/** The replacement's parcel. */
export const ShipReplacementRequest = z.object({
  courier_name: z
    .string()
    .trim()
    .min(1, 'The courier is required')
    .max(80, 'The courier must be at most 80 characters'),
  tracking_id: z
    .string()
    .trim()
    .min(1, 'The tracking id is required')
    .max(60, 'The tracking id must be at most 60 characters'),
  tracking_link: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), {
      message: 'The tracking link must be an http(s) address',
    })
    .nullish(),
});
export type ShipReplacementRequest = z.input<typeof ShipReplacementRequest>;

/**
 * The replacement booked with a courier, as an order's parcel is: its weight and size (the
 * shop's defaults when left out); the same reference again after a failed booking.
 */
export const ShipReplacementWithCourierRequest = ShipWithCourierRequest.omit({
  expected_date: true,
});
export type ShipReplacementWithCourierRequest = z.input<typeof ShipReplacementWithCourierRequest>;

/** A return's pickup from the shopper, booked with a courier: its weight and size, as a parcel's. */
export const BookPickupRequest = ShipReplacementWithCourierRequest;
export type BookPickupRequest = z.input<typeof BookPickupRequest>;

export const AdminReturnResponse = z.object({ return: AdminReturn });
export type AdminReturnResponse = z.infer<typeof AdminReturnResponse>;
