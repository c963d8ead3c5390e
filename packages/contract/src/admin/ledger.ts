// An order's money ledger and the owner's reconciliation (issue 39; decision 061): every
// movement of an order's money as an entry, and the orders whose money does not balance.
import { z } from 'zod';

export const LEDGER_KINDS = ['charged', 'captured', 'cod_collected', 'refund', 'payout'] as const;
export const LEDGER_PURPOSES = [
  'order',
  'payment',
  'return',
  'staff',
  'cancellation',
  'late_payment',
  'extra_payment',
  'other',
] as const;

export const LedgerEntry = z.object({
  kind: z.enum(LEDGER_KINDS),
  purpose: z.enum(LEDGER_PURPOSES),
  /** Money in positive, money out negative; 'charged' is what was asked, not money moved. */
  amount_paise: z.number().int(),
  at: z.string(),
  payment_id: z.number().int().nullable(),
  refund_id: z.number().int().nullable(),
  /** The provider, 'payout' or 'COD'; the order's payment method for 'charged'. */
  method: z.string(),
  /** The provider's payment or refund id, or a payout's UTR. */
  reference: z.string().nullable(),
  /** A payment's or refund's status; null for what has none. */
  status: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** An order's ledger and whether it balances. */
export const LedgerOrder = z.object({
  entries: z.array(LedgerEntry),
  /** Captured + cash collected − refunded (or on its way). */
  kept_paise: z.number().int(),
  /** What the order's life says it keeps. */
  expected_paise: z.number().int(),
  balanced: z.boolean(),
  /** Why it should keep what it should, in the owner's words. */
  because: z.string(),
});
export type LedgerOrder = z.infer<typeof LedgerOrder>;

/** One order whose money does not balance. */
export const UnbalancedOrder = z.object({
  order_id: z.number().int(),
  charged_paise: z.number().int(),
  captured_paise: z.number().int(),
  cash_paise: z.number().int(),
  refunded_paise: z.number().int(),
  kept_paise: z.number().int(),
  expected_paise: z.number().int(),
  because: z.string(),
});
export type UnbalancedOrder = z.infer<typeof UnbalancedOrder>;

export const ReconciliationResponse = z.object({
  /** How many orders were checked. */
  checked: z.number().int(),
  /** Oldest first. */
  unbalanced: z.array(UnbalancedOrder),
});
export type ReconciliationResponse = z.infer<typeof ReconciliationResponse>;
