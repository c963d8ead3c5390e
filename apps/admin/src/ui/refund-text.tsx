// A refund's state in staff's words: a coloured label, and what it means for the shopper.
import type { AdminRefund, RefundStatus } from '@kitroom/contract/admin';
import { formatPaise } from '@/ui/money';

export const REFUND_STATUS_LABEL: Record<RefundStatus, string> = {
  requested: 'Not sent yet',
  pending: 'With the bank',
  processed: 'Refunded',
  failed: 'Failed',
};

const tone: Record<RefundStatus, string> = {
  requested: 'bg-amber-50 text-amber-800',
  pending: 'bg-sky-50 text-sky-800',
  processed: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-sale',
};

/** A refund's state; a payout (a bank transfer staff make) waits as 'Transfer to make'. */
export function RefundStatusBadge({
  status,
  payout = false,
}: {
  status: RefundStatus;
  payout?: boolean;
}) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${tone[status]}`}
    >
      {payout && status === 'pending' ? 'Transfer to make' : REFUND_STATUS_LABEL[status]}
    </span>
  );
}

/** What happened to a refund just asked for, in one sentence. */
export function refundOutcome(r: AdminRefund): string {
  const amount = formatPaise(r.amount_paise);
  switch (r.status) {
    case 'processed':
      return `${amount} is refunded to the shopper.`;
    case 'pending':
      return `The payment provider took the refund of ${amount}; the shopper's bank usually shows it within 5–7 working days.`;
    case 'requested':
      return `The refund of ${amount} is saved, but the payment provider could not be reached. The shop sends it again every few minutes; nothing more to do.`;
    case 'failed':
      return `The payment provider refused the refund of ${amount}${r.last_error ? ` (${r.last_error})` : ''}. Nothing was refunded.`;
  }
}
