// "Ship replacement": an exchange's new sizes go out as a parcel of their own, as an order's
// do (decision 032) — by hand (the staff's courier, tracking id and link, checked with the
// contract's ShipReplacementRequest) or booked with the sandbox or Shiprocket when the shop
// offers them, the shop's default chosen, with the parcel's weight and size. The courier's
// waybill and link come back; the shopper is mailed them either way.
import {
  ShipReplacementRequest,
  type AdminReturn,
  type AdminReturnResponse,
  type CourierName,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormMessage } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import {
  CourierChoice,
  ManualParcelFields,
  NO_SIZE,
  ParcelSizeFields,
  parcelSize,
} from '../orders/ship-dialog';

/** The parcel by hand, and its size for a booking: text as typed. */
interface Parcel {
  courier_name: string;
  tracking_id: string;
  tracking_link: string;
  weight_grams: string;
  length_cm: string;
  breadth_cm: string;
  height_cm: string;
}

export function ReplacementShipDialog({
  request: r,
  newSizes,
  onClose,
  onShipped,
}: {
  request: AdminReturn;
  /** The new sizes in words: "1 shirt of … in size L". */
  newSizes: string;
  onClose: () => void;
  onShipped: (response: AdminReturnResponse) => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const choices = useQuery(callQuery('listOrderShipments', { params: { id: String(r.order_id) } }));
  const [picked, setPicked] = useState<CourierName | null>(null);
  const courier: CourierName = picked ?? choices.data?.default_courier ?? 'manual';
  // The schema checks the parcel shipped by hand; a booking's size needs no check here.
  const form = useRequestForm<Parcel, ShipReplacementRequest>(ShipReplacementRequest, {
    defaultValues: { courier_name: '', tracking_id: '', tracking_link: '', ...NO_SIZE },
    toRequest: ({ courier_name, tracking_id, tracking_link }) => ({
      courier_name,
      tracking_id,
      tracking_link,
    }),
  });
  const { errors } = form.formState;
  const done = (response: AdminReturnResponse) => {
    void queryClient.invalidateQueries({
      queryKey: keyOf('listOrderShipments', { params: { id: String(r.order_id) } }),
    });
    onShipped(response);
  };
  const ship = useMutation({
    mutationFn: (sent: { byHand: ShipReplacementRequest } | { booked: Parcel }) =>
      'byHand' in sent
        ? call('shipReplacement', { params: { id: r.id }, body: sent.byHand })
        : call('shipReplacementWithCourier', {
            params: { id: r.id },
            body: { courier: courier as 'sandbox' | 'shiprocket', ...parcelSize(sent.booked) },
          }),
    onSuccess: done,
    // A refused booking is kept with its error, to retry: the request shows it.
    onError: () =>
      void queryClient.invalidateQueries({
        queryKey: keyOf('getReturn', { params: { id: String(r.id) } }),
      }),
  });

  function submit(event: FormEvent) {
    if (courier !== 'manual') {
      event.preventDefault();
      ship.mutate({ booked: form.getValues() });
      return;
    }
    void form.handleSubmit((byHand) => ship.mutate({ byHand }))(event);
  }

  const field = (name: 'courier_name' | 'tracking_id' | 'tracking_link') => ({
    ...form.register(name),
    error: errors[name]?.message,
  });
  const defaults = choices.data?.parcel;

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Ship the replacement of exchange #${r.id}`}
      actions={
        <>
          <button type="button" className={buttonClass('ghost')} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className={buttonClass('primary')}
            disabled={ship.isPending}
          >
            {ship.isPending
              ? courier === 'manual'
                ? 'Saving…'
                : 'Booking…'
              : courier === 'manual'
                ? 'Ship replacement'
                : 'Book and ship'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3 text-ink">
        <p>{newSizes}.</p>
        <CourierChoice couriers={choices.data?.couriers} value={courier} onChange={setPicked} />
        {courier === 'manual' ? (
          <ManualParcelFields listId={`${formId}-couriers`} field={field} />
        ) : (
          <>
            <p className="text-sm text-muted">
              The courier is booked now, with nothing to collect; its waybill and tracking link come
              back with the label.
            </p>
            <ParcelSizeFields defaults={defaults} field={(name) => form.register(name)} />
          </>
        )}
        <FormMessage text={ship.error ? errorText(ship.error) : null} />
      </form>
    </Dialog>
  );
}
