// The order's return and exchange requests: what was asked, where each stands, the shop's
// word on it, and an exchange's replacement parcel with its tracking.
import { RETURN_STATUS_LABELS, type ReturnStatus, type ShopperReturn } from '@kitroom/contract';
import { formatDate } from './order-rules';
import { TrackingDetails } from './tracking-details';

const STATUS_TONE: Record<ReturnStatus, string> = {
  requested: 'bg-yellow-200 text-yellow-950',
  approved: 'bg-green-200 text-green-950',
  rejected: 'bg-red-700 text-white',
  received: 'bg-green-200 text-green-950',
  shipped: 'bg-green-700 text-white',
  delivered: 'bg-green-700 text-white',
};

/** What happens next, for a request still in progress. */
function nextStep(r: ShopperReturn): string | null {
  if (r.status === 'requested') return 'We will look at your request and mail you our answer.';
  if (r.status === 'approved' && r.pickup) {
    const courier = r.pickup.courier_name ?? 'Our courier';
    switch (r.pickup.state) {
      case 'booking':
        return 'We are booking a courier to collect the parcel from you.';
      case 'booked':
        return `${courier} will collect the parcel from you: have it packed, with its tags.`;
      case 'on_its_way':
        return 'Your parcel is on its way to us.';
      case 'arrived':
        return 'Your parcel reached us: we are checking the shirts.';
    }
  }
  if (r.status === 'approved') {
    return r.kind === 'exchange'
      ? 'Your new size is kept for you. Send the shirts back; we ship it when they reach us.'
      : 'Send the shirts back; we refund you when they reach us.';
  }
  if (r.status === 'received' && r.kind === 'exchange') {
    return 'Your shirts reached us. Your new size ships next.';
  }
  return null;
}

export function OrderReturns({ returns }: { returns: readonly ShopperReturn[] }) {
  return (
    <ul className="mt-3 space-y-3">
      {returns.map((r) => {
        const next = nextStep(r);
        const title = `${r.kind === 'exchange' ? 'Exchange' : 'Return'} #${r.id}`;
        return (
          <li key={r.id} aria-label={title} className="rounded-xl border border-line p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">
                {title}{' '}
                <span className="text-sm font-normal text-muted">
                  asked on {formatDate(r.created_at)}
                </span>
              </p>
              <span
                className={`rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase ${STATUS_TONE[r.status]}`}
              >
                {RETURN_STATUS_LABELS[r.status]}
              </span>
            </div>
            <ul className="mt-2 space-y-1 text-sm">
              {r.items.map((i) => (
                <li key={i.order_item_id}>
                  {i.quantity} × {i.product_name}, size {i.size}
                  {i.exchange_size && <> → size {i.exchange_size}</>}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-muted break-words">Why: {r.reason}</p>
            {r.defect && <p className="mt-1 text-sm">You said it arrived damaged or faulty.</p>}
            {r.payout_to && (
              <p className="mt-1 text-sm">Refund by bank transfer to {r.payout_to}.</p>
            )}
            {r.decision_note && (
              <p className="mt-1 text-sm break-words">
                <span className="font-semibold">From the shop: </span>
                {r.decision_note}
              </p>
            )}
            {next && <p className="mt-1 text-sm">{next}</p>}
            {(r.status === 'shipped' || r.status === 'delivered') && (
              <>
                {r.courier_name && (
                  <p className="mt-2 text-sm font-semibold">Replacement with {r.courier_name}</p>
                )}
                <TrackingDetails parcel={r} what="replacement" className="mt-2" />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
