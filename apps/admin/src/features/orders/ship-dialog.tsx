// "Ship": the courier, its tracking id, the tracking page (https) and the expected delivery
// date, checked with the contract's ShipOrderRequest before they are sent. The shopper is
// mailed the tracking link and sees it on their order page.
import { indianDay, ShipOrderRequest, type AdminOrderResponse } from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { fieldErrors, FormMessage, TextField } from '@/ui/form-field';

/** Couriers staff pick from most; any other name may be typed. */
const COURIERS = ['India Post', 'Blue Dart', 'DTDC', 'Delhivery', 'Ekart', 'Xpressbees'];

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
            disabled={ship.isPending}
          >
            {ship.isPending ? 'Shipping…' : 'Mark shipped'}
          </button>
        </>
      }
    >
      <form ref={form} id={formId} onSubmit={submit} noValidate className="space-y-4 text-ink">
        <p className="text-sm text-muted">
          The shopper is mailed the tracking link and sees it on their order page.
        </p>
        <TextField
          label="Courier"
          list={`${formId}-couriers`}
          autoComplete="off"
          {...field('courier_name')}
        />
        <datalist id={`${formId}-couriers`}>
          {COURIERS.map((c) => (
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
        <TextField
          label="Expected delivery (optional)"
          type="date"
          min={indianDay(new Date())}
          {...field('expected_date')}
        />
        <FormMessage text={ship.error ? errorText(ship.error) : null} />
      </form>
    </Dialog>
  );
}
