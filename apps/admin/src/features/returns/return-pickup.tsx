// A return's pickup from the shopper (decision 067): the courier the shop offers collects the
// parcel from the order's delivery address and brings it to the shop. Approving a request can
// book it (PickupChoice, in the approval dialog); an approved request without one, or whose
// pickup the courier or the staff canceled, can book it here (orders.fulfil). Each pickup is
// listed with its state and the courier's news, as any parcel; receiving the pieces stays the
// staff's step once they have looked at them.
import {
  type AdminReturn,
  type AdminReturnResponse,
  type CourierName,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { FormMessage, SelectField } from '@/ui/form-field';
import { ShipmentItem } from '../orders/shipments-card';
import { COURIER_LABELS } from '../orders/ship-dialog';

type PickupCourier = Exclude<CourierName, 'manual'>;

/**
 * The couriers that can collect a parcel (all the shop offers but 'manual'), the shop's
 * default first; `preferred` is that default when it is one of them (Settings → Default
 * courier), else '' (the shopper sends the parcel unless staff choose a courier).
 */
export function usePickupCouriers(orderId: number): {
  couriers: PickupCourier[];
  preferred: PickupCourier | '';
} {
  const choices = useQuery(callQuery('listOrderShipments', { params: { id: String(orderId) } }));
  const couriers = (choices.data?.couriers ?? []).filter((c): c is PickupCourier => c !== 'manual');
  const byDefault = choices.data?.default_courier;
  const preferred = couriers.find((c) => c === byDefault) ?? '';
  return {
    couriers: [...couriers].sort((a, b) => Number(b === preferred) - Number(a === preferred)),
    preferred,
  };
}

/** The approval's choice: the shopper sends the parcel, or a courier collects it. */
export function PickupChoice({
  couriers,
  value,
  onChange,
}: {
  couriers: readonly PickupCourier[];
  value: PickupCourier | '';
  onChange: (courier: PickupCourier | '') => void;
}) {
  if (couriers.length === 0) return null;
  return (
    <SelectField
      label="Getting the parcel back"
      name="pickup_courier"
      options={[
        ...couriers.map((c) => ({
          value: c,
          label: `${COURIER_LABELS[c]} collects it from the shopper`,
        })),
        { value: '', label: "The shopper sends it to the shop's address" },
      ]}
      value={value}
      onChange={(e) => onChange(e.target.value as PickupCourier | '')}
    />
  );
}

export function ReturnPickup({ r }: { r: AdminReturn }) {
  const mayFulfil = useMay('orders.fulfil');
  const queryClient = useQueryClient();
  const { couriers } = usePickupCouriers(r.order_id);
  const [picked, setPicked] = useState<PickupCourier | null>(null);
  const courier = picked ?? couriers[0];
  const live = r.pickups.find((p) => p.state !== 'canceled');
  const book = useMutation({
    mutationFn: () =>
      call('bookReturnPickup', { params: { id: r.id }, body: { courier: courier! } }),
    onSuccess: (response: AdminReturnResponse) => {
      queryClient.setQueryData(keyOf('getReturn', { params: { id: String(r.id) } }), response);
      void queryClient.invalidateQueries({
        queryKey: keyOf('listOrderShipments', { params: { id: String(r.order_id) } }),
      });
    },
    onError: () =>
      void queryClient.invalidateQueries({
        queryKey: keyOf('getReturn', { params: { id: String(r.id) } }),
      }),
  });
  const mayBook = mayFulfil && r.status === 'approved' && !live && courier !== undefined;
  if (r.pickups.length === 0 && !mayBook) return null;
  return (
    <section
      aria-labelledby="pickup-heading"
      className="space-y-4 rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <h2 id="pickup-heading" className="font-display text-xl font-bold uppercase">
        Pickup from the shopper
      </h2>
      {live?.state === 'delivered' && r.status === 'approved' && (
        <p className="rounded-lg bg-paper px-3 py-2 text-sm font-semibold">
          The parcel has reached the shop: look at the shirts, then mark the request received.
        </p>
      )}
      {mayBook && (
        <div className="flex flex-wrap items-end gap-3">
          {couriers.length > 1 && (
            <SelectField
              label="Courier"
              name="courier"
              options={couriers.map((c) => ({ value: c, label: COURIER_LABELS[c] }))}
              value={courier}
              onChange={(e) => setPicked(e.target.value as PickupCourier)}
            />
          )}
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={book.isPending}
            onClick={() => book.mutate()}
          >
            {book.isPending ? 'Booking…' : `Book a pickup with ${COURIER_LABELS[courier!]}`}
          </button>
        </div>
      )}
      <FormMessage text={book.error ? errorText(book.error) : null} />
      {r.pickups.length === 0 ? (
        <p className="text-sm text-muted">
          No pickup booked: the shopper sends the parcel to the shop, or book one above.
        </p>
      ) : (
        <ul className="space-y-4">
          {[...r.pickups].reverse().map((s) => (
            <ShipmentItem key={s.id} orderId={r.order_id} shipment={s} onOrderPage={false} />
          ))}
        </ul>
      )}
    </section>
  );
}
