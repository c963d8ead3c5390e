// The order's shipments with a courier (decision 032): each with its state, waybill and the
// courier's tracking events; a booking that failed shows the courier's error and may be
// retried (the same reference: one parcel), and a shipment not yet picked up may be canceled
// (a shipped order is packed again). Only staff who may fulfil orders see the buttons. An
// exchange's replacement is a parcel of its own, marked with its exchange: its retry books
// the replacement, its cancel makes the exchange received again; the request's page lists it
// too. A return's pickup from the shopper (direction 'reverse') is listed the same way: its
// retry books the pickup again, its cancel leaves the return approved.
import {
  SHIPMENT_STATE_LABELS,
  type AdminOrderResponse,
  type CourierShipment,
  type OrderShipmentsResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { useSession } from '@/api/session';
import { smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage } from '@/ui/form-field';
import { Panel } from './order-panels';

export function ShipmentsCard({
  orderId,
  onChanged,
}: {
  orderId: number;
  onChanged: (next: AdminOrderResponse) => void;
}) {
  const list = useQuery(callQuery('listOrderShipments', { params: { id: String(orderId) } }));
  const shipments = list.data?.shipments ?? [];
  if (shipments.length === 0) return null;
  return (
    <Panel id="order-shipments" title="Courier">
      <ul className="space-y-4">
        {[...shipments].reverse().map((s) => (
          <ShipmentItem key={s.id} orderId={orderId} shipment={s} onChanged={onChanged} />
        ))}
      </ul>
    </Panel>
  );
}

/**
 * One parcel with its steps. On the order's page `onChanged` takes the order as the step left
 * it; on an exchange's page (`onOrderPage` false) the request is read again instead.
 */
export function ShipmentItem({
  orderId,
  shipment: s,
  onChanged,
  onOrderPage = true,
}: {
  orderId: number;
  shipment: CourierShipment;
  onChanged?: (next: AdminOrderResponse) => void;
  onOrderPage?: boolean;
}) {
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const mayFulfil = permissions.includes('orders.fulfil');
  const key = keyOf('listOrderShipments', { params: { id: String(orderId) } });
  const exchangeKey =
    s.return_id === null ? null : keyOf('getReturn', { params: { id: String(s.return_id) } });
  const reread = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    if (exchangeKey) void queryClient.invalidateQueries({ queryKey: exchangeKey });
  };
  const done = (next: { order: AdminOrderResponse; shipments: OrderShipmentsResponse }) => {
    queryClient.setQueryData(key, next.shipments);
    if (exchangeKey) void queryClient.invalidateQueries({ queryKey: exchangeKey });
    onChanged?.(next.order);
  };
  const body = { courier: s.courier as 'sandbox' | 'shiprocket', weight_grams: s.weight_grams };
  const retry = useMutation({
    mutationFn: async () => {
      if (s.return_id === null)
        return done(await call('shipWithCourier', { params: { id: orderId }, body }));
      await call(s.direction === 'reverse' ? 'bookReturnPickup' : 'shipReplacementWithCourier', {
        params: { id: s.return_id },
        body,
      });
      reread();
    },
    onError: reread,
  });
  const cancel = useMutation({
    mutationFn: () => call('cancelShipment', { params: { id: s.id } }),
    onSuccess: done,
  });
  const error = retry.error ?? cancel.error;
  return (
    <li className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {s.courier_name ?? s.courier}{' '}
          <span className="rounded-full bg-paper px-2 py-0.5 text-xs font-bold">
            {SHIPMENT_STATE_LABELS[s.state]}
          </span>
        </p>
        <p className="font-mono text-xs text-muted">{s.reference}</p>
      </div>
      {s.return_id !== null && onOrderPage && (
        <p>
          {s.direction === 'reverse' ? 'Pickup from the shopper for ' : 'Replacement of '}
          <Link to={`/returns/${s.return_id}`} className="font-semibold underline">
            {s.direction === 'reverse' ? 'request' : 'exchange'} #{s.return_id}
          </Link>
        </p>
      )}
      {s.awb && (
        <p>
          Waybill <span className="font-mono">{s.awb}</span>
          {s.cod_amount_paise > 0 && ' · cash on delivery'}
        </p>
      )}
      {s.state === 'booking' && s.last_error && (
        <p className="rounded-lg bg-sale/5 px-3 py-2 text-sale">
          Not booked ({s.attempts} {s.attempts === 1 ? 'try' : 'tries'}): {s.last_error}
        </p>
      )}
      {s.state === 'booking' && s.events.length > 0 && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          The courier already has this parcel and is sending news of it. Retry the booking to finish
          it: the news below then reaches the order and the shopper.
        </p>
      )}
      {s.state === 'delivery_failed' && s.ndr_reason && (
        <p className="rounded-lg bg-sale/5 px-3 py-2 text-sale">
          Delivery failed: {s.ndr_reason}
          {s.ndr_action &&
            ` — asked to ${s.ndr_action === 'reattempt' ? 'try again' : 'return it'}`}
        </p>
      )}
      {s.events.length > 0 && (
        <ol className="space-y-1 border-l-2 border-line pl-3">
          {s.events.map((e, i) => (
            <li key={i}>
              <span className="font-semibold">{SHIPMENT_STATE_LABELS[e.state]}</span>
              {e.location && <span className="text-muted"> · {e.location}</span>}
              {e.note && <span> · {e.note}</span>}
              <br />
              <time className="text-xs text-muted" dateTime={e.occurred_at}>
                {formatDateTime(e.occurred_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {mayFulfil && (s.may_retry || s.may_cancel) && (
        <div className="flex flex-wrap gap-2">
          {s.may_retry && s.courier !== 'manual' && (
            <button
              type="button"
              className={smallButtonClass('accent')}
              disabled={retry.isPending}
              onClick={() => retry.mutate()}
            >
              {retry.isPending ? 'Booking…' : 'Retry booking'}
            </button>
          )}
          {s.may_cancel && (
            <button
              type="button"
              className={smallButtonClass('ghost', 'text-sale')}
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {cancel.isPending
                ? 'Canceling…'
                : s.direction === 'reverse'
                  ? 'Cancel pickup'
                  : 'Cancel shipment'}
            </button>
          )}
        </div>
      )}
      <FormMessage text={error ? errorText(error) : null} />
    </li>
  );
}
