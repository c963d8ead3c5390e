// The order page's B2B panels (decision 046): the wholesaler the order bills (legal name,
// address, GSTIN, frozen when it was placed), and for an order above ₹50,000 its e-way bill —
// issue the invoice (the portal asks for its number), generate the e-way bill on the
// government portal, enter its 12 digits here; the ship action refuses without them.
import {
  EwayBillRequest,
  needsEwayBill,
  type AdminOrder,
  type AdminOrderResponse,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, errorText } from '@/api/client';
import { useSession } from '@/api/session';
import { smallButtonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { EwayBillNic } from './e-way-bill-nic';
import { Panel } from './order-panels';

export function WholesaleBuyerCard({
  buyer,
}: {
  buyer: NonNullable<AdminOrder['wholesale_buyer']>;
}) {
  return (
    <Panel id="order-wholesale" title="Wholesale buyer">
      <p className="font-semibold break-words">{buyer.legal_name}</p>
      <p className="text-sm break-words text-muted">{buyer.address}</p>
      <p className="mt-1 text-sm">
        {buyer.gstin ? (
          <>
            GSTIN <strong className="tabular-nums">{buyer.gstin}</strong> · B2B invoice
          </>
        ) : (
          'No GSTIN: a B2C invoice'
        )}
      </p>
    </Panel>
  );
}

export function EwayBillCard({
  data,
  onChanged,
}: {
  data: AdminOrderResponse;
  onChanged: (next: AdminOrderResponse) => void;
}) {
  const { order } = data;
  const { permissions } = useSession();
  const mayFulfil = permissions.includes('orders.fulfil');
  const [number, setNumber] = useState(order.eway_bill_number ?? '');
  const [error, setError] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: () => call('issueAdminOrderInvoice', { params: { id: order.id } }),
    onSuccess: onChanged,
  });
  const save = useMutation({
    mutationFn: (eway_bill_number: string) =>
      call('setAdminOrderEwayBill', { params: { id: order.id }, body: { eway_bill_number } }),
    onSuccess: onChanged,
  });
  // A B2B order below ₹50,000 shows only why it needs none (decision 072).
  if (!needsEwayBill(order.total_paise) && !data.e_way_bill) return null;
  const mayStillShip = data.actions.includes('ship') && needsEwayBill(order.total_paise);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = EwayBillRequest.safeParse({ eway_bill_number: number });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The e-way bill number is 12 digits.');
      return;
    }
    setError(null);
    save.mutate(parsed.data.eway_bill_number);
  }

  return (
    <Panel id="order-eway-bill" title="E-way bill">
      <EwayBillNic data={data} onChanged={onChanged} />
      {/* The number typed from the portal; a bill NIC generated is shown (and changed) above. */}
      {!needsEwayBill(order.total_paise) ||
      data.e_way_bill?.active?.source === 'api' ||
      (!mayStillShip && data.e_way_bill?.active) ? null : !mayStillShip ? (
        <p className="text-sm">
          {order.eway_bill_number ? (
            <>
              No. <strong className="tabular-nums">{order.eway_bill_number}</strong>
            </>
          ) : (
            'None recorded.'
          )}
        </p>
      ) : (
        <div className="mt-3 space-y-3 text-sm">
          {!data.e_way_bill && (
            <p className="text-muted">
              Above ₹50,000 the goods travel with an e-way bill. Issue the invoice, generate the
              e-way bill with its number and date on ewaybillgst.gov.in, then enter its 12 digits
              here: the order ships only then, and the invoice prints it.
            </p>
          )}
          {data.eway_bill_needed === 'invoice' ? (
            mayFulfil && (
              <>
                <FormMessage text={issue.error ? errorText(issue.error) : null} />
                <button
                  type="button"
                  className={smallButtonClass('primary')}
                  disabled={issue.isPending}
                  onClick={() => issue.mutate()}
                >
                  {issue.isPending ? 'Issuing…' : 'Issue invoice'}
                </button>
              </>
            )
          ) : mayFulfil ? (
            <form onSubmit={submit} className="space-y-2" noValidate>
              <TextField
                label="E-way bill number"
                inputMode="numeric"
                autoComplete="off"
                placeholder="1812 3456 7890"
                value={number}
                onChange={(e) => setNumber(e.target.value)}
                error={error}
                hint={data.invoice ? `Generated against invoice ${data.invoice.number}.` : null}
              />
              <FormMessage text={save.error ? errorText(save.error) : null} />
              <button
                type="submit"
                className={smallButtonClass('primary')}
                disabled={save.isPending}
              >
                {save.isPending ? 'Saving…' : order.eway_bill_number ? 'Change' : 'Save'}
              </button>
            </form>
          ) : (
            <p>{order.eway_bill_number ? `No. ${order.eway_bill_number}` : 'Not entered yet.'}</p>
          )}
        </div>
      )}
    </Panel>
  );
}
