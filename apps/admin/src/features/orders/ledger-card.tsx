// The order page's money ledger (decision 061): every movement of the order's money, oldest
// first, and whether what the order keeps is what its life says it should.
import type { LedgerEntry, LedgerOrder } from '@kitroom/contract/admin';
import { formatDateTime } from '@/ui/dates';
import { formatPaise } from '@/ui/money';
import { Panel } from './order-panels';

const KIND: Record<LedgerEntry['kind'], string> = {
  charged: 'Charged',
  captured: 'Payment captured',
  cod_collected: 'Cash collected on delivery',
  refund: 'Refund',
  payout: 'Bank transfer',
};

const PURPOSE: Partial<Record<LedgerEntry['purpose'], string>> = {
  return: 'for a return',
  staff: 'by staff',
  cancellation: 'for the cancellation',
  late_payment: 'of a payment after the cancellation',
  extra_payment: 'of a second payment',
};

/** 'Refund by staff · sandbox · sbxrfnd_…' */
export function ledgerEntryText(e: LedgerEntry): string {
  const what = [KIND[e.kind], PURPOSE[e.purpose]].filter(Boolean).join(' ');
  const pending = e.status === 'pending' || e.status === 'requested' ? ' (on its way)' : '';
  return `${what}${pending}`;
}

/** Signed, as the ledger keeps it: '−₹200'; what was charged has no sign. */
function amountText(e: LedgerEntry): string {
  if (e.amount_paise < 0) return `−${formatPaise(-e.amount_paise)}`;
  return e.kind === 'charged' ? formatPaise(e.amount_paise) : `+${formatPaise(e.amount_paise)}`;
}

export function LedgerCard({ ledger }: { ledger: LedgerOrder }) {
  return (
    <Panel id="order-ledger" title="Money">
      <ul className="space-y-2 text-sm">
        {ledger.entries.map((e, i) => (
          <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-4">
            <span>
              <strong>{ledgerEntryText(e)}</strong>
              <span className="text-muted">
                {e.kind !== 'payout' && <> · {e.method}</>}
                {e.reference && (
                  <>
                    {' '}
                    ·{' '}
                    <span className="font-mono break-all">
                      {e.kind === 'payout' ? `UTR ${e.reference}` : e.reference}
                    </span>
                  </>
                )}{' '}
                · <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </span>
            </span>
            <span
              className={`tabular-nums ${e.kind === 'charged' ? 'text-muted' : 'font-semibold'}`}
            >
              {amountText(e)}
            </span>
          </li>
        ))}
      </ul>
      <p
        data-testid="ledger-balance"
        className={`mt-3 border-t border-line pt-3 text-sm ${ledger.balanced ? 'text-muted' : 'font-semibold text-sale'}`}
      >
        {ledger.balanced
          ? `Balanced: the shop keeps ${formatPaise(ledger.kept_paise)}. ${ledger.because}`
          : `Does not balance: the shop keeps ${formatPaise(ledger.kept_paise)}, but should keep ${formatPaise(ledger.expected_paise)}. ${ledger.because}`}
      </p>
    </Panel>
  );
}
