// The steps staff take on a request, by role: approve or reject (orders.manage; an exchange's
// approval holds its new sizes, a rejection of an approved one gives them back), mark the
// shirts received (orders.fulfil; the plain ones restocked if fit to sell, a return refunded
// by the rule) and ship an exchange's replacement (orders.fulfil; a printed shirt's
// replacement is printed the same; by hand or booked with a courier, replacement-ship-dialog).
// Each asks first in a dialog.
import { printLabel } from '@kitroom/contract';
import {
  RejectReturnRequest,
  type AdminReturn,
  type AdminReturnResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { call, errorText, keyOf } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormMessage, TextAreaField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { useRequestForm } from '@/ui/request-form';
import { ReplacementShipDialog } from './replacement-ship-dialog';
import { PickupChoice, usePickupCouriers } from './return-pickup';

type Step = 'approve' | 'reject' | 'receive' | 'ship';

const pieces = (n: number) => `${n} ${n === 1 ? 'shirt' : 'shirts'}`;

export function ReturnActions({ request: r }: { request: AdminReturn }) {
  const mayDecide = useMay('orders.manage');
  const mayFulfil = useMay('orders.fulfil');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Step | null>(null);
  // The note to the shopper: optional on approval; a rejection checks it with the contract.
  const form = useRequestForm<{ note: string }, RejectReturnRequest>(RejectReturnRequest, {
    defaultValues: { note: '' },
  });
  // Shirts the shopper said arrived faulty stay out of stock unless staff find them fit to
  // sell (decision 053).
  const [restock, setRestock] = useState(!r.defect);
  const restockId = useId();
  // Who brings the parcel back: the shop's default courier when it has one, or the shopper.
  // Booking a courier is fulfilment's: staff who may not fulfil approve without a pickup.
  const pickupCouriers = usePickupCouriers(r.order_id);
  const [pickup, setPickup] = useState<typeof pickupCouriers.preferred | null>(null);
  const pickupCourier = mayFulfil ? (pickup ?? pickupCouriers.preferred) : '';
  const settle = (response: AdminReturnResponse) => {
    queryClient.setQueryData(keyOf('getReturn', { params: { id: String(r.id) } }), response);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'listReturns'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    setOpen(null);
  };
  const step = useMutation({
    mutationFn: (run: () => Promise<AdminReturnResponse>) => run(),
    onSuccess: settle,
  });
  const params = { id: r.id };

  function begin(s: Step) {
    step.reset();
    form.reset();
    setRestock(!r.defect);
    setPickup(null);
    setOpen(s);
  }

  function confirm() {
    if (open === 'approve') {
      const { note } = form.getValues();
      step.mutate(() =>
        call('approveReturn', {
          params,
          body: pickupCourier ? { note, pickup_courier: pickupCourier } : { note },
        }),
      );
    } else if (open === 'reject') {
      void form.handleSubmit((body) => step.mutate(() => call('rejectReturn', { params, body })))();
    } else if (open === 'receive') {
      step.mutate(() => call('receiveReturn', { params, body: plain > 0 ? { restock } : {} }));
    }
  }

  // Printed shirts carry the shopper's name: they do not go back to stock (decision 051).
  const printed = r.lines.reduce((sum, l) => sum + (l.print ? l.quantity : 0), 0);
  const plain = r.lines.reduce((sum, l) => sum + l.quantity, 0) - printed;
  const newSizes = r.lines
    .map(
      (l) =>
        `${pieces(l.quantity)} of ${l.product_name} in size ${l.exchange_size}${l.print ? ` (printed ${printLabel(l.print)})` : ''}`,
    )
    .join('; ');
  const buttons: ReactNode[] = [];
  const button = (s: Step, label: string, tone: 'primary' | 'ghost' | 'danger' = 'primary') =>
    buttons.push(
      <button key={s} type="button" className={buttonClass(tone)} onClick={() => begin(s)}>
        {label}
      </button>,
    );
  if (r.status === 'requested' && mayDecide) {
    button('approve', 'Approve');
    button('reject', 'Reject', 'ghost');
  }
  if (r.status === 'approved' && mayFulfil) button('receive', 'Mark received');
  if (r.status === 'approved' && mayDecide) button('reject', 'Reject', 'ghost');
  if (r.status === 'received' && r.kind === 'exchange' && mayFulfil) {
    button('ship', 'Ship replacement');
  }

  const dialogs: Record<
    Exclude<Step, 'ship'>,
    { title: string; confirm: string; body: ReactNode }
  > = {
    approve: {
      title: `Approve ${r.kind === 'exchange' ? 'exchange' : 'return'} #${r.id}?`,
      confirm: 'Approve',
      body: (
        <>
          <p>
            {r.kind === 'exchange'
              ? `This holds ${newSizes} from stock now, for the shopper. `
              : ''}
            {pickupCourier
              ? 'The courier is booked to collect the parcel from the shopper, who is mailed its waybill.'
              : 'The shopper is told to send the shirts back to the shop.'}
            {r.kind === 'return' && ' The refund follows their receipt.'}
          </p>
          <div className="mt-3 space-y-3">
            <PickupChoice
              couriers={mayFulfil ? pickupCouriers.couriers : []}
              value={pickupCourier}
              onChange={setPickup}
            />
            <TextAreaField
              label="Note to the shopper (optional)"
              rows={3}
              {...form.register('note')}
            />
          </div>
        </>
      ),
    },
    reject: {
      title: `Reject ${r.kind === 'exchange' ? 'exchange' : 'return'} #${r.id}?`,
      confirm: 'Reject',
      body: (
        <>
          <p>
            {r.status === 'approved' && r.kind === 'exchange'
              ? 'For shirts that never came back: the sizes held for it go back to stock. '
              : ''}
            The shopper is mailed your note.
          </p>
          <div className="mt-3">
            <TextAreaField
              label="Why (the shopper reads this)"
              rows={3}
              {...form.register('note')}
              error={form.formState.errors.note?.message}
            />
          </div>
        </>
      ),
    },
    receive: {
      title: `Mark ${r.kind === 'exchange' ? 'exchange' : 'return'} #${r.id} received?`,
      confirm: 'Mark received',
      body: (
        <>
          {plain > 0 && (
            <div className="mb-3">
              <label
                htmlFor={restockId}
                className="inline-flex min-h-11 items-center gap-2 font-semibold"
              >
                <input
                  id={restockId}
                  type="checkbox"
                  checked={restock}
                  onChange={(e) => setRestock(e.target.checked)}
                  className="size-4 accent-ink"
                />
                Fit to sell: put {plain === 1 ? 'it' : 'them'} back in stock
              </label>
              {r.defect && (
                <p className="text-sm text-muted">
                  The shopper said they arrived damaged or faulty: tick only if they can be sold
                  again.
                </p>
              )}
            </div>
          )}
          <p>
            {plain > 0 &&
              (restock
                ? `${pieces(plain)} ${plain === 1 ? 'goes' : 'go'} back to stock.`
                : `${pieces(plain)} ${plain === 1 ? 'stays' : 'stay'} out of stock.`)}
            {printed > 0 &&
              `${plain > 0 ? ' ' : ''}${pieces(printed)} printed for the shopper ${printed === 1 ? 'does' : 'do'} not go back to stock.`}
            {r.kind === 'return' &&
              r.refund_due_paise !== null &&
              (r.payout_to === null
                ? ` ${formatPaise(r.refund_due_paise)} is refunded to the shopper's original payment.`
                : ` ${formatPaise(r.refund_due_paise)} is to be paid out by bank transfer to ${r.payout_to} (cash on delivery): record the transfer's UTR on Refunds once it is made.`)}
            {r.kind === 'exchange' && ' Ship the replacement next.'}
          </p>
        </>
      ),
    },
  };
  const current = open && open !== 'ship' ? dialogs[open] : null;

  return (
    <>
      {buttons.length > 0 ? (
        <div className="flex flex-wrap gap-3">{buttons}</div>
      ) : (
        r.status !== 'rejected' &&
        r.status !== 'shipped' &&
        r.status !== 'delivered' &&
        !(r.status === 'received' && r.kind === 'return') && (
          <p className="text-sm text-muted">The next step is not for your role.</p>
        )
      )}
      {open === 'ship' && (
        <ReplacementShipDialog
          request={r}
          newSizes={newSizes}
          onClose={() => setOpen(null)}
          onShipped={settle}
        />
      )}
      {current && (
        <Dialog
          open
          onClose={() => setOpen(null)}
          title={current.title}
          actions={
            <>
              <button type="button" className={buttonClass('ghost')} onClick={() => setOpen(null)}>
                Cancel
              </button>
              <button
                type="button"
                className={buttonClass(open === 'reject' ? 'danger' : 'primary')}
                disabled={step.isPending}
                onClick={confirm}
              >
                {step.isPending ? 'Saving…' : current.confirm}
              </button>
            </>
          }
        >
          <div className="text-ink">{current.body}</div>
          {step.error && (
            <div className="mt-3">
              <FormMessage text={errorText(step.error)} />
            </div>
          )}
        </Dialog>
      )}
    </>
  );
}
