// The back office's cash-on-delivery report (decision 034): for a month of orders placed,
// COD's share, how many shoppers confirmed, and how many parcels came back (return to origin).
import { z } from 'zod';

export const CodReportQuery = z.object({
  month: z
    .string({ error: 'month is required, like 2026-11' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month like 2026-11'),
});
export type CodReportQuery = z.input<typeof CodReportQuery>;

/** Percentages to one decimal; null when there is nothing to divide by. */
const Percent = z.number().nullable();

export const CodReportResponse = z.object({
  month: z.string(),
  /** Orders placed in the month (Indian calendar). */
  orders: z.number().int(),
  /** Of them, placed with cash on delivery. */
  cod_orders: z.number().int(),
  cod_share_percent: Percent,
  /** COD orders the shopper confirmed (by the mailed link or the order page). */
  confirmed: z.number().int(),
  /** COD orders cancelled without a confirmation (by the sweep or the shopper). */
  unconfirmed_canceled: z.number().int(),
  confirmation_rate_percent: Percent,
  /** COD orders handed to a courier. */
  shipped: z.number().int(),
  /** Of those, parcels returned to origin (the courier's RTO). */
  returned_to_origin: z.number().int(),
  rto_rate_percent: Percent,
  /** COD orders whose cash was collected on delivery. */
  collected: z.number().int(),
  /** The cash collected on delivery for those orders, in paise (their totals). */
  collected_paise: z.number().int(),
});
export type CodReportResponse = z.infer<typeof CodReportResponse>;
