// "Ship": first the courier (decision 032) — by hand (manual), or booked with the sandbox or
// Shiprocket when the shop offers them, the shop's default chosen. By hand: the courier, its
// tracking id, the tracking page (https) and the expected delivery date, checked with the
// contract's ShipOrderRequest before they are sent. Booked: the parcel's weight and size
// (the shop's defaults), and the courier's waybill and link come back. The shopper is mailed
// the tracking link and sees it on their order page.
import {
  indianDay,
  ShipOrderRequest,
  type AdminOrderResponse,
  type CourierName,
  type OrderShipmentsResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';

export const COURIER_LABELS: Record<CourierName, string> = {
  manual: 'By hand (my own courier)',
  sandbox: 'Sandbox courier (test)',
  shiprocket: 'Shiprocket',
};

/** Couriers staff pick from most; any other name may be typed. */
export const COURIER_SUGGESTIONS = [
  'India Post',
  'Blue Dart',
  'DTDC',
  'Delhivery',
  'Ekart',
  'Xpressbees',
];

/** The form's fields: the parcel by hand, the delivery date, and the size for a booking. */
interface Draft {
  courier_name: string;
  tracking_id: string;
  tracking_link: string;
  expected_date: string;
  weight_grams: string;
  length_cm: string;
  breadth_cm: string;
  height_cm: string;
}

/** The parcel's weight and size as typed: a blank is the shop's default, left out. */
export function parcelSize(v: Pick<Draft, SizeField>) {
  const number = (text: string) => (text.trim() ? Number(text.trim()) : undefined);
  return {
    weight_grams: number(v.weight_grams),
    length_cm: number(v.length_cm),
    breadth_cm: number(v.breadth_cm),
    height_cm: number(v.height_cm),
  };
}

export const NO_SIZE: Record<SizeField, string> = {
  weight_grams: '',
  length_cm: '',
  breadth_cm: '',
  height_cm: '',
};

export function ShipDialog({
  orderId,
  onClose,
  onShipped,
}: {
  orderId: number;
  onClose: () => void;
  onShipped: (next: AdminOrderResponse) => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const choices = useQuery(callQuery('listOrderShipments', { params: { id: String(orderId) } }));
  const [picked, setPicked] = useState<CourierName | null>(null);
  const courier: CourierName = picked ?? choices.data?.default_courier ?? 'manual';
  const parcel = choices.data?.parcel;
  // The schema checks the parcel shipped by hand; a booking's size needs no check here.
  const form = useRequestForm<Draft, ShipOrderRequest>(ShipOrderRequest, {
    defaultValues: {
      courier_name: '',
      tracking_id: '',
      tracking_link: '',
      expected_date: '',
      ...NO_SIZE,
    },
    toRequest: ({ courier_name, tracking_id, tracking_link, expected_date }) => ({
      courier_name,
      tracking_id,
      tracking_link,
      expected_date,
    }),
  });
  const { errors } = form.formState;
  const book = useMutation({
    mutationFn: (v: Draft) =>
      call('shipWithCourier', {
        params: { id: orderId },
        body: {
          courier: courier as 'sandbox' | 'shiprocket',
          ...parcelSize(v),
          expected_date: v.expected_date,
        },
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(
        keyOf('listOrderShipments', { params: { id: String(orderId) } }),
        next.shipments,
      );
      onShipped(next.order);
    },
    onError: () =>
      void queryClient.invalidateQueries({
        queryKey: keyOf('listOrderShipments', { params: { id: String(orderId) } }),
      }),
  });
  const ship = useMutation({
    mutationFn: (body: ShipOrderRequest) =>
      call('shipAdminOrder', { params: { id: orderId }, body }),
    onSuccess: onShipped,
  });

  function submit(event: FormEvent) {
    if (courier !== 'manual') {
      event.preventDefault();
      book.mutate(form.getValues());
      return;
    }
    void form.handleSubmit((body) => ship.mutate(body))(event);
  }

  const field = (name: ParcelField) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Ship order #${orderId}`}
      actions={
        <>
          <button type="button" className={buttonClass('ghost')} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className={buttonClass('accent')}
            disabled={ship.isPending || book.isPending}
          >
            {courier === 'manual'
              ? ship.isPending
                ? 'Shipping…'
                : 'Mark shipped'
              : book.isPending
                ? 'Booking…'
                : 'Book and ship'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4 text-ink">
        <p className="text-sm text-muted">
          The shopper is mailed the tracking link and sees it on their order page.
        </p>
        <CourierChoice couriers={choices.data?.couriers} value={courier} onChange={setPicked} />
        {courier === 'manual' ? (
          <ManualParcelFields listId={`${formId}-couriers`} field={field} />
        ) : (
          <>
            <p className="text-sm text-muted">
              The courier is booked now; its waybill and tracking link come back with the label.
            </p>
            <ParcelSizeFields defaults={parcel} field={(name) => form.register(name)} />
          </>
        )}
        <TextField
          label="Expected delivery (optional)"
          type="date"
          min={indianDay(new Date())}
          {...form.register('expected_date')}
          error={errors.expected_date?.message}
        />
        <FormMessage
          text={
            courier === 'manual'
              ? ship.error
                ? errorText(ship.error)
                : null
              : book.error
                ? errorText(book.error)
                : null
          }
        />
      </form>
    </Dialog>
  );
}

const SIZE_FIELDS = [
  ['weight_grams', 'Weight (g)'],
  ['length_cm', 'Length (cm)'],
  ['breadth_cm', 'Breadth (cm)'],
  ['height_cm', 'Height (cm)'],
] as const;
type SizeField = (typeof SIZE_FIELDS)[number][0];

/** A parcel's weight and size for a courier's booking; left empty, the shop's defaults. */
export function ParcelSizeFields({
  defaults,
  field,
}: {
  defaults: OrderShipmentsResponse['parcel'] | undefined;
  field: (name: SizeField) => UseFormRegisterReturn;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {SIZE_FIELDS.map(([name, label]) => (
        <TextField
          key={name}
          label={label}
          inputMode="numeric"
          placeholder={defaults ? String(defaults[name]) : ''}
          {...field(name)}
        />
      ))}
    </div>
  );
}

/** "Ship with": the couriers the shop offers, when there is more than one (by hand). */
export function CourierChoice({
  couriers,
  value,
  onChange,
}: {
  couriers: readonly CourierName[] | undefined;
  value: CourierName;
  onChange: (courier: CourierName) => void;
}) {
  if (!couriers || couriers.length <= 1) return null;
  return (
    <SelectField
      label="Ship with"
      name="courier"
      options={couriers.map((c) => ({ value: c, label: COURIER_LABELS[c] }))}
      value={value}
      onChange={(e) => onChange(e.target.value as CourierName)}
    />
  );
}

type ParcelField = 'courier_name' | 'tracking_id' | 'tracking_link';

/** A parcel shipped by hand: the courier (common ones suggested), its tracking id and page. */
export function ManualParcelFields({
  listId,
  field,
}: {
  listId: string;
  field: (name: ParcelField) => UseFormRegisterReturn & { error?: string };
}) {
  return (
    <>
      <TextField label="Courier" list={listId} autoComplete="off" {...field('courier_name')} />
      <datalist id={listId}>
        {COURIER_SUGGESTIONS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextField label="Tracking id" autoComplete="off" {...field('tracking_id')} />
      <TextField
        label="Tracking link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        {...field('tracking_link')}
      />
    </>
  );
}
