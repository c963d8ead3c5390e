// Razorpay's settlement report matched against the orders' money ledger (issue 39; decision
// 076): what the report says was settled, set against what the ledger says was captured and
// refunded, with the fees Razorpay kept and the net of each settlement.
import { z } from 'zod';

/** The period a report covers: one Indian day (yyyy-mm-dd) or one month (yyyy-mm). */
export const SETTLEMENT_PERIOD = /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/;

export const SettlementReportQuery = z.object({
  period: z.string().regex(SETTLEMENT_PERIOD, 'period: a day as yyyy-mm-dd or a month as yyyy-mm'),
});

/** What the amounts of an uploaded file are in. */
export const SETTLEMENT_UNITS = ['rupees', 'paise'] as const;
export const SettlementUnit = z.enum(SETTLEMENT_UNITS);
export type SettlementUnit = z.infer<typeof SettlementUnit>;

export const SettlementUploadParams = z.object({ unit: SettlementUnit });

/** The largest file the upload takes, and its most rows: a busy month is a few thousand. */
export const MAX_SETTLEMENT_CSV_BYTES = 2 * 1024 * 1024;
export const MAX_SETTLEMENT_CSV_ROWS = 20_000;

export const SETTLEMENT_ITEM_TYPES = ['payment', 'refund', 'transfer', 'adjustment'] as const;
export const SettlementItemType = z.enum(SETTLEMENT_ITEM_TYPES);

/** One item of the report that matched, or differs from, an entry of an order's ledger. */
export const SettlementMatch = z.object({
  entity_id: z.string(),
  type: z.enum(['payment', 'refund']),
  order_id: z.number().int(),
  /** The report's amount, in paise. */
  amount_paise: z.number().int(),
  /** The ledger's amount, in paise (positive for a refund too). */
  ledger_paise: z.number().int(),
  /** The fee Razorpay kept, GST included, and the GST in it. */
  fee_paise: z.number().int(),
  tax_paise: z.number().int(),
  settlement_id: z.string().nullable(),
});
export type SettlementMatch = z.infer<typeof SettlementMatch>;

/** An item of the report the ledger has no entry for, or that is no order's. */
export const SettlementStray = z.object({
  entity_id: z.string(),
  type: SettlementItemType,
  amount_paise: z.number().int(),
  description: z.string().nullable(),
  settlement_id: z.string().nullable(),
});
export type SettlementStray = z.infer<typeof SettlementStray>;

/** A ledger entry through Razorpay in the period that the report does not list. */
export const SettlementUnsettled = z.object({
  order_id: z.number().int(),
  type: z.enum(['payment', 'refund']),
  reference: z.string(),
  amount_paise: z.number().int(),
  at: z.string(),
  /** Whole days since it was captured or refunded. */
  age_days: z.number().int(),
});
export type SettlementUnsettled = z.infer<typeof SettlementUnsettled>;

/** One settlement (one transfer to the shop's bank) and what it is made of. */
export const SettlementTransfer = z.object({
  /** Null for items the report lists as not settled yet. */
  settlement_id: z.string().nullable(),
  utr: z.string().nullable(),
  settled_at: z.string().nullable(),
  items: z.number().int(),
  credit_paise: z.number().int(),
  debit_paise: z.number().int(),
  /** Credits − debits: what reached the bank. */
  net_paise: z.number().int(),
});
export type SettlementTransfer = z.infer<typeof SettlementTransfer>;

export const SettlementReport = z.object({
  source: z.enum(['razorpay', 'upload']),
  /** The Indian days the report covers, both included; for an upload, its items' dates. */
  period: z.object({ from: z.string(), to: z.string(), label: z.string() }),
  /** For an upload, what its amounts were read as. */
  unit: SettlementUnit.nullable(),
  items: z.number().int(),
  matched: z.object({
    count: z.number().int(),
    /** Payments less refunds among the matched items. */
    sum_paise: z.number().int(),
    rows: z.array(SettlementMatch),
  }),
  differs: z.array(SettlementMatch),
  not_in_ledger: z.array(SettlementStray),
  not_orders: z.array(SettlementStray),
  not_in_report: z.array(SettlementUnsettled),
  /** Said when every matched amount is off by exactly ×100 or ÷100: the unit was wrong. */
  unit_hint: z.string().nullable(),
  totals: z.object({
    gross_captured_paise: z.number().int(),
    refunds_paise: z.number().int(),
    /** Razorpay's fees without GST, the GST on them, and both (what the shop paid). */
    fees_paise: z.number().int(),
    gst_on_fees_paise: z.number().int(),
    fees_with_gst_paise: z.number().int(),
    credits_paise: z.number().int(),
    debits_paise: z.number().int(),
    /** Credits − debits, the sum of every settlement's net. */
    net_settled_paise: z.number().int(),
  }),
  settlements: z.array(SettlementTransfer),
});
export type SettlementReport = z.infer<typeof SettlementReport>;
