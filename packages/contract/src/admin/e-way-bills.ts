// E-way bills (CGST Rule 138, decision 072): what the order page's panel shows, the cancel
// and Part B requests, and the Tax page's list of invoices above ₹50,000 without one.
import { z } from 'zod';

/** The order page's "E-way bill" panel: for a B2B order or one above ₹50,000. */
export const AdminEwayBill = z.object({
  required: z.boolean(),
  /** Why it is needed or not, in staff's words (the value against ₹50,000). */
  reason: z.string(),
  /** The invoice the bill is generated against; null until it is issued. */
  invoice_number: z.string().nullable(),
  /** Whether NIC's API is configured: the ship step generates it, else staff type it. */
  api: z.boolean(),
  /** The active e-way bill, or null. */
  active: z
    .object({
      number: z.string(),
      source: z.enum(['api', 'typed']),
      generated_at: z.string(),
      valid_until: z.string().nullable(),
      vehicle_no: z.string().nullable(),
      /** Until when NIC lets it be cancelled (24 hours); null when it may not be here. */
      cancellable_until: z.string().nullable(),
    })
    .nullable(),
  /** Bills cancelled before, newest first. */
  cancelled: z.array(
    z.object({ number: z.string(), cancelled_at: z.string(), reason: z.string() }),
  ),
});
export type AdminEwayBill = z.infer<typeof AdminEwayBill>;

/** NIC's cancel reasons: 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others. */
export const EWB_CANCEL_REASONS = {
  '1': 'Duplicate',
  '2': 'Order cancelled',
  '3': 'Data entry mistake',
  '4': 'Others',
} as const;

export const CancelEwayBillRequest = z.object({
  reason: z.enum(['1', '2', '3', '4'], {
    error:
      'reason must be 1 (duplicate), 2 (order cancelled), 3 (data entry mistake) or 4 (others)',
  }),
  remark: z
    .string({ error: 'remark is required' })
    .trim()
    .min(1, 'remark is required')
    .max(50, 'remark must be at most 50 characters'),
});
export type CancelEwayBillRequest = z.input<typeof CancelEwayBillRequest>;

export const VEHICLE_NUMBER_ERROR =
  'The vehicle number is as the registration plate reads, e.g. KL11AB1234.';

/** Part B: the vehicle now carrying the goods; spaces and dashes are taken out. */
export const PartBRequest = z.object({
  vehicle_no: z
    .string({ error: VEHICLE_NUMBER_ERROR })
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(
          /^([A-Z]{2}[0-9A-Z]{1,3}[A-Z]{0,3}[0-9]{4}|[A-Z]{3}[0-9]{4}|TM[0-9A-Z]{6})$/,
          VEHICLE_NUMBER_ERROR,
        ),
    ),
  reason: z.enum(['1', '2', '3', '4'], {
    error: 'reason must be 1 (break down), 2 (transhipment), 3 (others) or 4 (first time)',
  }),
  remark: z
    .string({ error: 'remark is required' })
    .trim()
    .min(1, 'remark is required')
    .max(50, 'remark must be at most 50 characters'),
});
export type PartBRequest = z.input<typeof PartBRequest>;

/** The Tax page's list: invoices above ₹50,000, ready or shipped, without an e-way bill. */
export const PendingEwayBillsResponse = z.object({
  invoices: z.array(
    z.object({
      order_id: z.number().int(),
      number: z.string(),
      issued_at: z.string(),
      total_paise: z.number().int(),
      order_status: z.string(),
      b2b: z.boolean(),
    }),
  ),
});
export type PendingEwayBillsResponse = z.infer<typeof PendingEwayBillsResponse>;
