// What the order page's e-way bill panel shows of NIC's side (decision 072): whether the
// consignment needs one and why (its value against ₹50,000), the JSON for the portal's bulk
// upload, the bill once known (number, validity, vehicle), and — with NIC's API configured —
// Generate now, Part B (a vehicle) and Cancel within 24 hours.
import {
  adminEndpoints,
  CancelEwayBillRequest,
  EWB_CANCEL_REASONS,
  PartBRequest,
  type AdminOrderResponse,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, errorText } from '@/api/client';
import { useSession } from '@/api/session';
import { smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';

const CANCEL_REASONS = Object.entries(EWB_CANCEL_REASONS).map(([value, label]) => ({
  value,
  label: `${value} · ${label}`,
}));
const PART_B_REASONS = [
  { value: '4', label: '4 · First time' },
  { value: '1', label: '1 · Break down' },
  { value: '2', label: '2 · Transhipment' },
  { value: '3', label: '3 · Others' },
];

type Change = (next: AdminOrderResponse) => void;

export function EwayBillNic({ data, onChanged }: { data: AdminOrderResponse; onChanged: Change }) {
  const e = data.e_way_bill;
  const { permissions } = useSession();
  const id = data.order.id;
  const generate = useMutation({
    mutationFn: () => call('generateEwayBill', { params: { id } }),
    onSuccess: onChanged,
  });
  if (!e) return null;
  const mayFulfil = permissions.includes('orders.fulfil');
  const mayStillShip = data.actions.includes('ship');
  const active = e.active;
  return (
    <div className="space-y-3 text-sm">
      <p className={e.required ? 'font-semibold' : 'text-muted'}>{e.reason}</p>
      {active && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted">No.</dt>
          <dd className="font-semibold tabular-nums">{active.number}</dd>
          <dt className="text-muted">Generated</dt>
          <dd>
            {formatDateTime(active.generated_at)}
            {active.source === 'typed' ? ' · typed from the portal' : ' · through NIC'}
          </dd>
          {active.valid_until && (
            <>
              <dt className="text-muted">Valid until</dt>
              <dd>{formatDateTime(active.valid_until)}</dd>
            </>
          )}
          {active.vehicle_no && (
            <>
              <dt className="text-muted">Vehicle</dt>
              <dd className="tabular-nums">{active.vehicle_no}</dd>
            </>
          )}
        </dl>
      )}
      {e.required && e.invoice_number && mayFulfil && (
        <div className="flex flex-wrap gap-2">
          <a
            href={adminEndpoints.orderEwayBillJson.path.replace(':id', String(id))}
            download
            className={smallButtonClass('ghost')}
          >
            Download JSON
          </a>
          {e.api && mayStillShip && !active && (
            <button
              type="button"
              className={smallButtonClass('primary')}
              disabled={generate.isPending}
              onClick={() => generate.mutate()}
            >
              {generate.isPending ? 'Generating…' : 'Generate through NIC'}
            </button>
          )}
        </div>
      )}
      <FormMessage text={generate.error ? errorText(generate.error) : null} />
      {e.required && !active && (
        <p className="text-muted">
          {!e.invoice_number &&
            'Issue the invoice first: the e-way bill is generated against its number and date. '}
          {e.api
            ? 'Shipping generates it through NIC first. Without NIC, upload the JSON on ewaybillgst.gov.in (Generate Bulk) and enter the number below.'
            : 'Upload the JSON on ewaybillgst.gov.in (e-Way Bill › Generate Bulk), then enter the number it gives below.'}
        </p>
      )}
      {e.api && active?.source === 'api' && (
        <NicActions data={data} onChanged={onChanged} number={active.number} />
      )}
      {e.cancelled.length > 0 && (
        <ul className="space-y-1 text-muted">
          {e.cancelled.map((c) => (
            <li key={c.number}>
              Cancelled <span className="tabular-nums">{c.number}</span> on{' '}
              {formatDateTime(c.cancelled_at)} ({c.reason})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Part B and Cancel for a bill NIC generated. */
function NicActions({
  data,
  onChanged,
  number,
}: {
  data: AdminOrderResponse;
  onChanged: Change;
  number: string;
}) {
  const { permissions } = useSession();
  const id = data.order.id;
  const until = data.e_way_bill?.active?.cancellable_until ?? null;
  const [open, setOpen] = useState<'part-b' | 'cancel' | null>(null);
  const [vehicle, setVehicle] = useState('');
  const [reason, setReason] = useState('4');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const partB = useMutation({
    mutationFn: (body: PartBRequest) => call('updateEwayBillPartB', { params: { id }, body }),
    onSuccess: (next) => {
      setOpen(null);
      onChanged(next);
    },
  });
  const cancel = useMutation({
    mutationFn: (body: CancelEwayBillRequest) => call('cancelEwayBill', { params: { id }, body }),
    onSuccess: (next) => {
      setOpen(null);
      onChanged(next);
    },
  });
  const mayCancel =
    permissions.includes('orders.manage') && until !== null && new Date(until) > new Date();

  function show(which: 'part-b' | 'cancel') {
    setOpen(which);
    setReason(which === 'cancel' ? '3' : '4');
    setRemark('');
    setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed =
      open === 'cancel'
        ? CancelEwayBillRequest.safeParse({ reason, remark })
        : PartBRequest.safeParse({ vehicle_no: vehicle, reason, remark });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form.');
      return;
    }
    setError(null);
    if (open === 'cancel') cancel.mutate(parsed.data as CancelEwayBillRequest);
    else partB.mutate(parsed.data as PartBRequest);
  }

  if (open) {
    const pending = partB.isPending || cancel.isPending;
    const failed = open === 'cancel' ? cancel.error : partB.error;
    return (
      <form onSubmit={submit} className="space-y-2" noValidate>
        {open === 'part-b' && (
          <TextField
            label="Vehicle number"
            autoComplete="off"
            placeholder="KL11AB1234"
            value={vehicle}
            onChange={(ev) => setVehicle(ev.target.value)}
          />
        )}
        <SelectField
          label="Reason"
          options={open === 'cancel' ? CANCEL_REASONS : PART_B_REASONS}
          value={reason}
          onChange={(ev) => setReason(ev.target.value)}
        />
        <TextField
          label="Remark"
          maxLength={50}
          value={remark}
          onChange={(ev) => setRemark(ev.target.value)}
          error={error}
        />
        <FormMessage text={failed ? errorText(failed) : null} />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className={smallButtonClass(open === 'cancel' ? 'danger' : 'primary')}
            disabled={pending}
          >
            {open === 'cancel'
              ? cancel.isPending
                ? 'Cancelling…'
                : `Cancel ${number}`
              : partB.isPending
                ? 'Updating…'
                : 'Update Part B'}
          </button>
          <button type="button" className={smallButtonClass('ghost')} onClick={() => setOpen(null)}>
            Back
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="space-y-2">
      {until && mayCancel && (
        <p className="text-muted">NIC cancels it until {formatDateTime(until)}.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {permissions.includes('orders.fulfil') && (
          <button
            type="button"
            className={smallButtonClass('ghost')}
            onClick={() => show('part-b')}
          >
            Update vehicle (Part B)…
          </button>
        )}
        {mayCancel && (
          <button
            type="button"
            className={smallButtonClass('ghost', 'text-sale')}
            onClick={() => show('cancel')}
          >
            Cancel e-way bill…
          </button>
        )}
      </div>
    </div>
  );
}
