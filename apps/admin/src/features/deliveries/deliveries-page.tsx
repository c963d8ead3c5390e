// /admin/deliveries (orders.fulfil): failed deliveries waiting for an answer, oldest first
// (decision 032) — the order, the shopper, where, the courier's reason and how many attempts
// failed. Staff ask the courier to try again (with a note for the delivery person) or to
// bring the parcel back; the answer goes to the courier, is audited and joins the order's
// timeline. A parcel brought back cancels the order, its stock back, a paid one refunded.
import type { FailedDelivery } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, TextField } from '@/ui/form-field';
import { useTitle } from '@/ui/use-title';

export function DeliveriesPage() {
  useTitle('Deliveries');
  const list = useQuery(callQuery('listFailedDeliveries'));
  const deliveries = list.data?.deliveries ?? [];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Deliveries</h1>
        <p className="mt-1 text-muted">
          Parcels the courier could not deliver, waiting for your answer: try again, or bring the
          parcel back (the order is then canceled and a paid one refunded).
        </p>
      </div>
      {list.error ? (
        <FormMessage text={errorText(list.error)} />
      ) : !list.data ? (
        <p role="status">Loading failed deliveries…</p>
      ) : deliveries.length === 0 ? (
        <p className="text-muted">No failed deliveries waiting. Good.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {deliveries.map((d) => (
            <DeliveryCard key={d.shipment_id} delivery={d} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryCard({ delivery: d }: { delivery: FailedDelivery }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const answer = useMutation({
    mutationFn: (action: 'reattempt' | 'return') =>
      call('answerFailedDelivery', { params: { id: d.shipment_id }, body: { action, note } }),
    onSuccess: (next) => {
      queryClient.setQueryData(keyOf('listFailedDeliveries'), next);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'getAdminOrder'] });
    },
  });
  return (
    <li className="space-y-3 rounded-2xl border border-line bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={`/orders/${d.order_id}`} className="text-lg font-bold underline">
          Order #{d.order_id}
        </Link>
        <span className="text-sm text-muted">
          {d.attempts} failed {d.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
      </div>
      <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Shopper</dt>
        <dd>{d.shopper_name || '—'}</dd>
        <dt className="text-muted">Where</dt>
        <dd>
          {d.city} {d.pincode}
        </dd>
        <dt className="text-muted">Reason</dt>
        <dd className="font-semibold text-sale">{d.reason}</dd>
        <dt className="text-muted">Failed</dt>
        <dd>
          <time dateTime={d.failed_at}>{formatDateTime(d.failed_at)}</time>
        </dd>
        <dt className="text-muted">Courier</dt>
        <dd>
          {d.courier_name ?? d.courier} <span className="font-mono">{d.awb}</span>
        </dd>
      </dl>
      <TextField
        label="Note for the courier (optional)"
        name={`note-${d.shipment_id}`}
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('accent')}
          disabled={answer.isPending}
          onClick={() => answer.mutate('reattempt')}
        >
          Try again
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'text-sale')}
          disabled={answer.isPending}
          onClick={() => answer.mutate('return')}
        >
          Return to us
        </button>
      </div>
      <FormMessage text={answer.error ? errorText(answer.error) : null} />
    </li>
  );
}
