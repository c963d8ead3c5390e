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
import { fieldErrors, FormMessage } from '@/ui/form-field';
import { CourierChoice, ManualParcelFields, ParcelSizeFields } from '../orders/ship-dialog';

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
  onShipped: (answer: AdminReturnResponse) => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const choices = useQuery(callQuery('listOrderShipments', { params: { id: String(r.order_id) } }));
  const [picked, setPicked] = useState<CourierName | null>(null);
  const courier: CourierName = picked ?? choices.data?.default_courier ?? 'manual';
  const [size, setSize] = useState<Record<string, string>>({});
  const [parcel, setParcel] = useState({ courier_name: '', tracking_id: '', tracking_link: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = (answer: AdminReturnResponse) => {
    void queryClient.invalidateQueries({
      queryKey: keyOf('listOrderShipments', { params: { id: String(r.order_id) } }),
    });
    onShipped(answer);
  };
  const ship = useMutation({
    mutationFn: () => {
      if (courier === 'manual') {
        return call('shipReplacement', {
          params: { id: r.id },
          body: ShipReplacementRequest.parse(parcel),
        });
      }
      const number = (name: string) => {
        const v = size[name]?.trim();
        return v ? Number(v) : undefined;
      };
      return call('shipReplacementWithCourier', {
        params: { id: r.id },
        body: {
          courier: courier as 'sandbox' | 'shiprocket',
          weight_grams: number('weight_grams'),
          length_cm: number('length_cm'),
          breadth_cm: number('breadth_cm'),
          height_cm: number('height_cm'),
        },
      });
    },
    onSuccess: done,
    // A refused booking is kept with its error, to retry: the request shows it.
    onError: () =>
      void queryClient.invalidateQueries({
        queryKey: keyOf('getReturn', { params: { id: String(r.id) } }),
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (courier === 'manual') {
      const checked = ShipReplacementRequest.safeParse(parcel);
      if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
    }
    setErrors({});
    ship.mutate();
  }

  const field = (name: keyof typeof parcel) => ({
    name,
    value: parcel[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setParcel((now) => ({ ...now, [name]: e.target.value })),
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
            <ParcelSizeFields defaults={defaults} size={size} onChange={setSize} />
          </>
        )}
        <FormMessage text={ship.error ? errorText(ship.error) : null} />
      </form>
    </Dialog>
  );
}
