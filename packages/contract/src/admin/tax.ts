// The shop's GST returns in the back office (OPERATIONS.md, GST; decision 028): a month's tax
// documents summed — invoices, credit notes, the net, by rate and by state — and the GSTR-1
// sections as the GST portal's offline tool imports them, one CSV each or all in a ZIP.
import { z } from 'zod';

/** The GSTR-1 sections the export writes, named as the offline tool's CSV templates are. */
export const GSTR1_SECTIONS = [
  'b2b',
  'b2cl',
  'b2cs',
  'cdnr',
  'cdnur',
  'hsn-b2b',
  'hsn-b2c',
  'docs',
] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

/** What each section holds, as the summary page explains it. */
export const GSTR1_SECTION_TITLES: Record<Gstr1Section, string> = {
  b2b: 'B2B: invoices to registered buyers (Table 4A)',
  b2cl: 'B2C large: inter-state invoices above the limit to unregistered buyers (Table 5)',
  b2cs: 'B2C small: by place of supply and rate, net of their credit notes (Table 7)',
  cdnr: 'Credit notes to registered buyers (Table 9B)',
  cdnur: 'Credit notes on B2C large invoices (Table 9B)',
  'hsn-b2b': 'HSN summary of supplies to registered buyers (Table 12)',
  'hsn-b2c': 'HSN summary of supplies to unregistered buyers (Table 12)',
  docs: 'Documents issued: each series, first and last number, how many (Table 13)',
};

/** A calendar month in India: '2026-11'. */
export const TaxMonth = z
  .string({ error: 'month must be a month like 2026-11' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month like 2026-11');

export const TaxSummaryQuery = z.object({ month: TaxMonth });
export type TaxSummaryQuery = z.input<typeof TaxSummaryQuery>;

/** The month's B2B sales as CSV (decision 046). */
export const B2bSalesQuery = z.object({ month: TaxMonth });
export type B2bSalesQuery = z.input<typeof B2bSalesQuery>;

/** 'b2b-sales-2026-11.csv'. */
export function b2bSalesFileName(month: string): string {
  return `b2b-sales-${month}.csv`;
}

export const Gstr1Query = z.object({
  month: TaxMonth,
  section: z.enum(GSTR1_SECTIONS, {
    error: `section must be one of ${GSTR1_SECTIONS.join(', ')}`,
  }),
});
export type Gstr1Query = z.input<typeof Gstr1Query>;

/** Taxable value and taxes, in paise. */
export const TaxAmounts = z.object({
  taxable_paise: z.number().int(),
  cgst_paise: z.number().int(),
  sgst_paise: z.number().int(),
  igst_paise: z.number().int(),
  /** Taxable value plus taxes: what the documents come to. */
  total_paise: z.number().int(),
});
export type TaxAmounts = z.infer<typeof TaxAmounts>;

export const TaxDocumentTotals = TaxAmounts.extend({ count: z.number().int() });
export type TaxDocumentTotals = z.infer<typeof TaxDocumentTotals>;

export const TaxRateLine = TaxAmounts.extend({
  /** Basis points: 500 = 5%. */
  rate_bp: z.number().int(),
});
export type TaxRateLine = z.infer<typeof TaxRateLine>;

export const TaxStateLine = TaxAmounts.extend({
  state: z.string(),
  /** The GST state code: '32' for Kerala. */
  state_code: z.string(),
});
export type TaxStateLine = z.infer<typeof TaxStateLine>;

export const TaxSummaryResponse = z.object({
  month: z.string(),
  invoices: TaxDocumentTotals,
  credit_notes: TaxDocumentTotals,
  /** Invoices less credit notes. */
  net: TaxAmounts,
  /** Net of credit notes, by rate (highest first) and by place of supply (largest first). */
  by_rate: z.array(TaxRateLine),
  by_state: z.array(TaxStateLine),
  /**
   * GSTR-3B's Table 3.2: inter-state supplies to unregistered buyers by place of supply, net of
   * their credit notes (largest first). Table 3.1(a), the outward taxable supplies, is `net`.
   */
  unregistered_inter_state: z.array(
    z.object({
      state: z.string(),
      state_code: z.string(),
      taxable_paise: z.number().int(),
      igst_paise: z.number().int(),
    }),
  ),
  /** How many rows each GSTR-1 section's CSV has this month. */
  sections: z.array(z.object({ section: z.enum(GSTR1_SECTIONS), rows: z.number().int() })),
});
export type TaxSummaryResponse = z.infer<typeof TaxSummaryResponse>;

/** The file name of a month's section ('gstr1-2026-11-b2cs.csv') or of all of them (a ZIP). */
export function gstr1FileName(month: string, section?: Gstr1Section): string {
  return section ? `gstr1-${month}-${section}.csv` : `gstr1-${month}.zip`;
}

/** A credit note as the order page lists it (the PDF at creditNotePdf). */
export const AdminCreditNote = z.object({
  id: z.number().int(),
  number: z.string(),
  issued_at: z.string(),
  /** 'Order canceled: …' or 'Return #12 received'. */
  reason: z.string().nullable(),
  return_id: z.number().int().nullable(),
  total_paise: z.number().int(),
  /**
   * A note on an e-invoice is registered on the IRP as well (decision 068): 'IRN …',
   * 'IRN pending: <why>' or 'IRN canceled'; null when it needs none.
   */
  irn_status: z.string().nullable(),
});
export type AdminCreditNote = z.infer<typeof AdminCreditNote>;

export const OrderCreditNotesResponse = z.object({ credit_notes: z.array(AdminCreditNote) });
export type OrderCreditNotesResponse = z.infer<typeof OrderCreditNotesResponse>;

export const CREDIT_NOTE_NOT_FOUND = 'Credit note not found.';
