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
import { useId, useRef, useState, type FormEvent } from 'react';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { fieldErrors, FormMessage, SelectField, TextField } from '@/ui/form-field';

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

const FIELDS = ['courier_name', 'tracking_id', 'tracking_link', 'expected_date'] as const;
type Draft = Record<(typeof FIELDS)[number], string>;

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
  const form = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const choices = useQuery(callQuery('listOrderShipments', { params: { id: String(orderId) } }));
  const [picked, setPicked] = useState<CourierName | null>(null);
  const courier: CourierName = picked ?? choices.data?.default_courier ?? 'manual';
  const parcel = choices.data?.parcel;
  const [size, setSize] = useState<Record<string, string>>({});
  const book = useMutation({
    mutationFn: () => {
      const number = (name: string) => {
        const v = size[name]?.trim();
        return v ? Number(v) : undefined;
      };
      return call('shipWithCourier', {
        params: { id: orderId },
        body: {
          courier: courier as 'sandbox' | 'shiprocket',
          weight_grams: number('weight_grams'),
          length_cm: number('length_cm'),
          breadth_cm: number('breadth_cm'),
          height_cm: number('height_cm'),
          expected_date: draft.expected_date,
        },
      });
    },
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
  const [draft, setDraft] = useState<Draft>({
    courier_name: '',
    tracking_id: '',
    tracking_link: '',
    expected_date: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ship = useMutation({
    mutationFn: (body: ShipOrderRequest) =>
      call('shipAdminOrder', { params: { id: orderId }, body }),
    onSuccess: onShipped,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (courier !== 'manual') {
      book.mutate();
      return;
    }
    const parsed = ShipOrderRequest.safeParse(draft);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    ship.mutate(draft);
  }

  const field = (name: keyof Draft) => ({
    name,
    value: draft[name],
    onChange: (e: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [name]: e.target.value })),
    error: errors[name],
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
      <form ref={form} id={formId} onSubmit={submit} noValidate className="space-y-4 text-ink">
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
            <ParcelSizeFields defaults={parcel} size={size} onChange={setSize} />
          </>
        )}
        <TextField
          label="Expected delivery (optional)"
          type="date"
          min={indianDay(new Date())}
          {...field('expected_date')}
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

/** A parcel's weight and size for a courier's booking; left empty, the shop's defaults. */
export function ParcelSizeFields({
  defaults,
  size,
  onChange,
}: {
  defaults: OrderShipmentsResponse['parcel'] | undefined;
  size: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {SIZE_FIELDS.map(([name, label]) => (
        <TextField
          key={name}
          label={label}
          name={name}
          inputMode="numeric"
          placeholder={defaults ? String(defaults[name]) : ''}
          value={size[name] ?? ''}
          onChange={(e) => onChange({ ...size, [name]: e.target.value })}
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
  field: (name: ParcelField) => {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    error?: string;
  };
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
