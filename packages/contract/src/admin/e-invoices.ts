// E-invoicing (decision 068): a B2B invoice registered on an Invoice Registration Portal (IRP)
// when the shop's aggregate turnover has exceeded ₹5 crore in any financial year since 2017-18
// (Notification 10/2023-Central Tax). What staff see of an invoice's registration, and the
// two things they may do: register it again, or cancel its IRN within 24 hours.
import { z } from 'zod';

/** ₹5 crore: above it (not at it) B2B invoices need an IRN. */
export const E_INVOICE_TURNOVER_THRESHOLD_RUPEES = 5_00_00_000;

/** Whether a stated turnover (rupees; null: not stated) puts the shop under e-invoicing. */
export function eInvoicingRequired(highestAatoRupees: number | null): boolean {
  return highestAatoRupees !== null && highestAatoRupees > E_INVOICE_TURNOVER_THRESHOLD_RUPEES;
}

/** The IRP's cancel reasons (NIC's CnlRsn): 1 duplicate, 2 data entry mistake, 3, 4. */
export const IRN_CANCEL_REASONS = {
  '1': 'Duplicate',
  '2': 'Data entry mistake',
  '3': 'Order cancelled',
  '4': 'Other',
} as const;
export type IrnCancelReason = keyof typeof IRN_CANCEL_REASONS;

/** An invoice's registration as the order page shows it. */
export const AdminEInvoice = z.object({
  status: z.enum(['pending', 'registered', 'canceled']),
  irn: z.string().nullable(),
  ack_no: z.string().nullable(),
  ack_at: z.string().nullable(),
  /** While pending: why it is not registered yet, in staff's words. */
  pending_reason: z.string().nullable(),
  attempts: z.number().int(),
  /** Registered, and less than 24 hours since the acknowledgement: the IRN may be canceled. */
  cancelable_until: z.string().nullable(),
  canceled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export type AdminEInvoice = z.infer<typeof AdminEInvoice>;

export const EInvoiceResponse = z.object({ e_invoice: AdminEInvoice });
export type EInvoiceResponse = z.infer<typeof EInvoiceResponse>;

export const CancelIrnRequest = z.object({
  reason: z.enum(['1', '2', '3', '4'], {
    error: 'reason must be 1 (duplicate), 2 (data entry mistake), 3 (order cancelled) or 4 (other)',
  }),
  remark: z
    .string({ error: 'remark is required' })
    .trim()
    .min(1, 'remark is required')
    .max(100, 'remark must be at most 100 characters'),
});
export type CancelIrnRequest = z.input<typeof CancelIrnRequest>;

/** The Tax page's list: invoices and credit notes whose IRN is still pending, oldest first. */
export const PendingEInvoicesResponse = z.object({
  e_invoices: z.array(
    z.object({
      order_id: z.number().int(),
      kind: z.enum(['invoice', 'credit_note']),
      number: z.string(),
      issued_at: z.string(),
      reason: z.string(),
      attempts: z.number().int(),
    }),
  ),
});
export type PendingEInvoicesResponse = z.infer<typeof PendingEInvoicesResponse>;
