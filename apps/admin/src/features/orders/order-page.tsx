// /admin/orders/:id (orders.read): one order — its lines, the address label, totals, payment
// attempts, refunds, returns, the timeline with notes — and the steps its stage allows, as
// buttons for the roles that may take them: mark packed, ship, mark delivered, cancel.
import {
  adminEndpoints,
  type AdminOrderResponse,
  type OrderAction,
  type Permission,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { useSession } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage } from '@/ui/form-field';
import { useTitle } from '@/ui/use-title';
import { CancelDialog } from './cancel-dialog';
import { CreditNotesCard } from './credit-notes-card';
import { LedgerCard } from './ledger-card';
import { EInvoiceCard } from './e-invoice-card';
import { EwayBillCard, WholesaleBuyerCard } from './eway-bill-card';
import { PAYMENT_LABEL, STAGE_LABEL, STAGE_TONE } from '@/ui/order-stage';
import { hasPackingSlip } from './order-format';
import {
  AddressCard,
  CustomerCard,
  LinesCard,
  PaymentsCard,
  RefundsCard,
  ReturnsCard,
  ShipmentCard,
} from './order-panels';
import { Timeline } from './order-timeline';
import { RefundDialog } from './refund-dialog';
import { ShipDialog } from './ship-dialog';
import { ShipmentsCard } from './shipments-card';
import { WhatsAppCard } from './whatsapp-card';

/** Who may take each step (the server checks it again). */
const ACTION_PERMISSION: Record<OrderAction, Permission> = {
  pack: 'orders.fulfil',
  ship: 'orders.fulfil',
  deliver: 'orders.fulfil',
  cancel: 'orders.manage',
};

export function OrderPage() {
  const { id = '' } = useParams();
  useTitle(`Order #${id}`);
  const order = useQuery(callQuery('getAdminOrder', { params: { id } }));
  return (
    <div className="space-y-6">
      <Link to="/orders" className="text-sm font-semibold text-muted underline">
        ← Orders
      </Link>
      {order.error ? (
        <>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Order #{id}</h1>
          <FormMessage text={errorText(order.error)} />
        </>
      ) : !order.data ? (
        <p role="status">Loading the order…</p>
      ) : (
        <OrderView data={order.data} />
      )}
    </div>
  );
}

function OrderView({ data }: { data: AdminOrderResponse }) {
  const { order } = data;
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const [dialog, setDialog] = useState<'ship' | 'cancel' | 'refund' | null>(null);
  const mayRefund = permissions.includes('orders.refund') && data.refundable_paise > 0;
  // Packers see the parcel, not the money (OPERATIONS.md): no payments, invoice or credit notes.
  const mayMoney = permissions.includes('orders.money');
  const may = (a: OrderAction) =>
    data.actions.includes(a) && permissions.includes(ACTION_PERMISSION[a]);

  /** The order as an action returned it, for this page and the list. */
  const show = (next: AdminOrderResponse) => {
    queryClient.setQueryData(keyOf('getAdminOrder', { params: { id: String(order.id) } }), next);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'listAdminOrders'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
  };

  const pack = useMutation({
    mutationFn: async () => {
      const result = await call('packAdminOrders', { body: { order_ids: [order.id] } });
      const refused = result.refused[0];
      if (refused) throw new Error(refused.error);
      return call('getAdminOrder', { params: { id: order.id } });
    },
    onSuccess: show,
  });
  const deliver = useMutation({
    mutationFn: () => call('deliverAdminOrder', { params: { id: order.id } }),
    onSuccess: show,
  });
  const stepError = pack.error ?? deliver.error;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">
            Order #{order.id}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
            <span
              className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STAGE_TONE[order.stage]}`}
            >
              {STAGE_LABEL[order.stage]}
            </span>
            <span className="font-semibold text-ink">{PAYMENT_LABEL[order.payment_status]}</span>
            <span>
              Placed <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
            </span>
            {order.wholesale_buyer && (
              <span className="inline-block rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-bold text-sky-900">
                Wholesale
              </span>
            )}
            {data.invoice && (
              <span>
                Invoice <span className="font-semibold text-ink">{data.invoice.number}</span>
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 max-sm:w-full">
          {may('pack') && (
            <button
              type="button"
              className={buttonClass('accent')}
              disabled={pack.isPending}
              onClick={() => pack.mutate()}
            >
              {pack.isPending ? 'Packing…' : 'Mark packed'}
            </button>
          )}
          {may('ship') && (
            <button
              type="button"
              className={buttonClass(may('pack') ? 'primary' : 'accent')}
              onClick={() => setDialog('ship')}
            >
              Ship
            </button>
          )}
          {may('deliver') && (
            <button
              type="button"
              className={buttonClass('accent')}
              disabled={deliver.isPending}
              onClick={() => deliver.mutate()}
            >
              {deliver.isPending ? 'Saving…' : 'Mark delivered'}
            </button>
          )}
          {hasPackingSlip(order.stage) && (
            <a
              href={`${adminEndpoints.orderPackingSlips.path}?ids=${order.id}`}
              target="_blank"
              rel="noopener"
              className={buttonClass('ghost')}
            >
              Packing slip
            </a>
          )}
          {data.invoice && mayMoney && (
            <a
              href={adminEndpoints.orderInvoice.path.replace(':id', String(order.id))}
              target="_blank"
              rel="noopener"
              className={buttonClass('ghost')}
            >
              Invoice
            </a>
          )}
          {mayRefund && (
            <button
              type="button"
              className={buttonClass('ghost')}
              onClick={() => setDialog('refund')}
            >
              Refund
            </button>
          )}
          {may('cancel') && (
            <button
              type="button"
              className={buttonClass('ghost', 'text-sale')}
              onClick={() => setDialog('cancel')}
            >
              Cancel order
            </button>
          )}
        </div>
      </div>
      <FormMessage text={stepError ? errorText(stepError) : null} />
      {data.invoice_problems.length > 0 && (
        <p className="rounded-xl border border-sale/40 bg-sale/5 px-4 py-3 text-sm font-semibold text-sale">
          Cannot invoice: {data.invoice_problems.join(' ')} It cannot ship until this is fixed.
        </p>
      )}

      {/* On a phone the label comes first: it is what a packer works from. */}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:order-2">
          <AddressCard address={data.address} />
          {order.wholesale_buyer && <WholesaleBuyerCard buyer={order.wholesale_buyer} />}
          <EwayBillCard data={data} onChanged={show} />
          {mayMoney && <EInvoiceCard data={data} onChanged={show} />}
          {(order.tracking_id || order.courier_name) && <ShipmentCard order={order} />}
          <ShipmentsCard orderId={order.id} onChanged={show} />
          {data.customer && <CustomerCard customer={data.customer} />}
        </div>
        <div className="min-w-0 space-y-6 lg:order-1 lg:col-span-2">
          <LinesCard data={data} />
          {data.ledger && <LedgerCard ledger={data.ledger} />}
          {mayMoney && <PaymentsCard payments={data.payments} />}
          {data.refunds.length > 0 && <RefundsCard refunds={data.refunds} />}
          {data.returns.length > 0 && <ReturnsCard returns={data.returns} />}
          {data.whatsapp.length > 0 && <WhatsAppCard messages={data.whatsapp} />}
          {data.invoice && mayMoney && <CreditNotesCard data={data} />}
          <Timeline
            orderId={order.id}
            events={data.events}
            mayWriteNotes={permissions.includes('orders.notes')}
            onAdded={show}
          />
        </div>
      </div>

      {dialog === 'ship' && (
        <ShipDialog
          orderId={order.id}
          onClose={() => setDialog(null)}
          onShipped={(next) => {
            show(next);
            setDialog(null);
          }}
        />
      )}
      <RefundDialog
        open={dialog === 'refund'}
        orderId={order.id}
        refundablePaise={data.refundable_paise}
        paidInCash={order.payment_method === 'COD'}
        onClose={() => setDialog(null)}
        onRefunded={() =>
          void queryClient.invalidateQueries({
            queryKey: keyOf('getAdminOrder', { params: { id: String(order.id) } }),
          })
        }
      />
      {dialog === 'cancel' && (
        <CancelDialog
          data={data}
          onClose={() => setDialog(null)}
          onCanceled={(next) => {
            show(next);
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
