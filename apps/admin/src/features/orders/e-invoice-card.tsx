// The order page's e-invoice panel (decision 068): a B2B invoice issued while the shop is above
// ₹5 crore of turnover is registered on the Invoice Registration Portal. Staff see whether it
// is registered (IRN, acknowledgement), pending and why (with "Register again"), or canceled;
// within 24 hours of the acknowledgement the IRN may be canceled with NIC's reason code.
import {
  CancelIrnRequest,
  IRN_CANCEL_REASONS,
  type AdminEInvoice,
  type AdminOrderResponse,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, errorText } from '@/api/client';
import { useSession } from '@/api/session';
import { smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { Panel } from './order-panels';

const STATUS: Record<AdminEInvoice['status'], { label: string; tone: string }> = {
  registered: { label: 'Registered', tone: 'bg-emerald-100 text-emerald-900' },
  pending: { label: 'IRN pending', tone: 'bg-sale/10 text-sale' },
  canceled: { label: 'IRN canceled', tone: 'bg-line text-ink' },
};

const REASONS = Object.entries(IRN_CANCEL_REASONS).map(([value, label]) => ({
  value,
  label: `${value} · ${label}`,
}));

export function EInvoiceCard({
  data,
  onChanged,
}: {
  data: AdminOrderResponse;
  onChanged: (next: AdminOrderResponse) => void;
}) {
  const e = data.e_invoice;
  const { permissions } = useSession();
  const [reason, setReason] = useState('2');
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const id = data.order.id;
  const register = useMutation({
    mutationFn: () => call('registerEInvoice', { params: { id } }),
    onSuccess: (r) => onChanged({ ...data, e_invoice: r.e_invoice }),
  });
  const cancel = useMutation({
    mutationFn: (body: CancelIrnRequest) => call('cancelEInvoice', { params: { id }, body }),
    onSuccess: (r) => {
      setCancelling(false);
      onChanged({ ...data, e_invoice: r.e_invoice });
    },
  });
  if (!e) return null;
  const mayCancel =
    permissions.includes('orders.manage') &&
    e.cancelable_until !== null &&
    new Date(e.cancelable_until).getTime() > Date.now();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CancelIrnRequest.safeParse({ reason, remark });
    if (!parsed.success) {
      setRemarkError(parsed.error.issues[0]?.message ?? 'Say why.');
      return;
    }
    setRemarkError(null);
    cancel.mutate(parsed.data);
  }

  return (
    <Panel id="order-e-invoice" title="E-invoice (IRN)">
      <div className="space-y-3 text-sm">
        <span
          className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS[e.status].tone}`}
        >
          {STATUS[e.status].label}
        </span>
        {e.irn && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted">IRN</dt>
            <dd className="font-mono text-xs break-all">{e.irn}</dd>
            <dt className="text-muted">Ack No.</dt>
            <dd className="tabular-nums">{e.ack_no}</dd>
            {e.ack_at && (
              <>
                <dt className="text-muted">Ack date</dt>
                <dd>{formatDateTime(e.ack_at)}</dd>
              </>
            )}
          </dl>
        )}
        {e.status === 'pending' && (
          <>
            <p className="font-semibold text-sale">{e.pending_reason}</p>
            <p className="text-muted">
              A B2B invoice is valid only with its IRN.{' '}
              {e.attempts > 0 && `Tries so far: ${e.attempts}.`}
            </p>
            {permissions.includes('orders.money') && (
              <>
                <FormMessage text={register.error ? errorText(register.error) : null} />
                <button
                  type="button"
                  className={smallButtonClass('primary')}
                  disabled={register.isPending}
                  onClick={() => register.mutate()}
                >
                  {register.isPending ? 'Sending…' : 'Register again'}
                </button>
              </>
            )}
          </>
        )}
        {e.status === 'canceled' && (
          <p>
            Canceled{e.canceled_at && ` on ${formatDateTime(e.canceled_at)}`}
            {e.cancel_reason && ` (${e.cancel_reason})`}. The invoice is void for GST.
          </p>
        )}
        {e.status === 'registered' && e.cancelable_until && (
          <p className="text-muted">
            {mayCancel
              ? `The IRP cancels the IRN until ${formatDateTime(e.cancelable_until)}; after that, correct it with a credit note.`
              : 'Past the 24 hours in which the IRP cancels an IRN: correct it with a credit note.'}
          </p>
        )}
        {mayCancel &&
          (cancelling ? (
            <form onSubmit={submit} className="space-y-2" noValidate>
              <SelectField
                label="Reason"
                options={REASONS}
                value={reason}
                onChange={(ev) => setReason(ev.target.value)}
              />
              <TextField
                label="Remark"
                maxLength={100}
                value={remark}
                onChange={(ev) => setRemark(ev.target.value)}
                error={remarkError}
              />
              <FormMessage text={cancel.error ? errorText(cancel.error) : null} />
              <div className="flex flex-wrap gap-2">
                <button
                  type="submit"
                  className={smallButtonClass('danger')}
                  disabled={cancel.isPending}
                >
                  {cancel.isPending ? 'Cancelling…' : 'Cancel IRN'}
                </button>
                <button
                  type="button"
                  className={smallButtonClass('ghost')}
                  onClick={() => setCancelling(false)}
                >
                  Keep it
                </button>
              </div>
            </form>
          ) : (
            <button
              type="button"
              className={smallButtonClass('ghost', 'text-sale')}
              onClick={() => setCancelling(true)}
            >
              Cancel IRN…
            </button>
          ))}
      </div>
    </Panel>
  );
}
