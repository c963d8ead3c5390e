// The order page's panels: lines with their pictures and the totals, the address label, the
// shipment, the shopper's account, payment attempts, refunds and returns.
import type {
  AddressLabel,
  AdminOrder,
  AdminOrderResponse,
  AdminPaymentAttempt,
  AdminRefund,
  AdminOrderReturn,
} from '@kitroom/contract/admin';
import { formatRupees, printLabel } from '@kitroom/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '@/ui/copy-button';
import { formatDateTime, formatDay } from '@/ui/dates';
import { formatPaise } from '@/ui/money';
import { Thumbnail } from '@/ui/thumbnail';
import { REFUND_LABEL, RETURN_LABEL } from './order-format';

export const card = 'min-w-0 rounded-2xl border border-line bg-white p-5 md:p-6';

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function LinesCard({ data }: { data: AdminOrderResponse }) {
  const { order, lines } = data;
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <Panel id="order-lines" title={`Items (${pieces})`}>
      <ul className="divide-y divide-line">
        {lines.map((l) => (
          <li key={l.id} className="flex items-center gap-3 py-3 first:pt-0">
            <Thumbnail path={l.image_url} size={56} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">{l.name}</p>
              <p className="text-sm text-muted">
                Size <strong className="text-ink">{l.size}</strong> · {l.quantity} ×{' '}
                {formatPaise(l.unit_price_paise)}
              </p>
              {l.print && (
                <p className="text-sm font-semibold text-amber-900">
                  Printed: {printLabel(l.print)} · {formatRupees(l.print.price)} a piece, no returns
                  but defects
                </p>
              )}
            </div>
            <p className="font-semibold tabular-nums">{formatPaise(l.line_total_paise)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
        <Row label="Items">{formatPaise(order.subtotal_paise)}</Row>
        <Row label="Shipping">{formatPaise(order.shipping_paise)}</Row>
        {order.discount_paise > 0 && (
          <Row label={order.coupon_code ? `Coupon ${order.coupon_code}` : 'Discount'}>
            −{formatPaise(order.discount_paise)}
          </Row>
        )}
        <Row label="Total" strong>
          {formatPaise(order.total_paise)}
        </Row>
      </dl>
    </Panel>
  );
}

function Row({
  label,
  strong,
  children,
}: {
  label: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'text-base font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

export function AddressCard({ address }: { address: AddressLabel }) {
  const text = [
    address.name,
    address.street,
    `${address.city}, ${address.state} ${address.pincode}`,
    `Phone ${address.phone}`,
  ].join('\n');
  return (
    <Panel id="order-address" title="Ship to">
      <address className="text-base leading-relaxed not-italic">
        <strong>{address.name}</strong>
        <br />
        {address.street}
        <br />
        {address.city}, {address.state} <strong>{address.pincode}</strong>
        <br />
        Phone <a href={`tel:${address.phone}`}>{address.phone}</a>
      </address>
      <div className="mt-3">
        <CopyButton text={text} label="Copy address" />
      </div>
    </Panel>
  );
}

export function ShipmentCard({ order }: { order: AdminOrder }) {
  return (
    <Panel id="order-shipment" title="Shipment">
      <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-muted">Courier</dt>
        <dd>{order.courier_name ?? '—'}</dd>
        <dt className="text-muted">Tracking id</dt>
        <dd className="font-mono break-all">{order.tracking_id ?? '—'}</dd>
        {order.tracking_link && (
          <>
            <dt className="text-muted">Tracking</dt>
            <dd>
              <a
                href={order.tracking_link}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold break-all underline"
              >
                Open the courier’s page
              </a>
            </dd>
          </>
        )}
        {order.expected_date && (
          <>
            <dt className="text-muted">Expected</dt>
            <dd>{formatDay(order.expected_date)}</dd>
          </>
        )}
        {order.shipped_at && (
          <>
            <dt className="text-muted">Shipped</dt>
            <dd>{formatDateTime(order.shipped_at)}</dd>
          </>
        )}
        {order.delivered_at && (
          <>
            <dt className="text-muted">Delivered</dt>
            <dd>{formatDateTime(order.delivered_at)}</dd>
          </>
        )}
      </dl>
    </Panel>
  );
}

export function CustomerCard({
  customer,
}: {
  customer: NonNullable<AdminOrderResponse['customer']>;
}) {
  return (
    <Panel id="order-customer" title="Shopper’s account">
      <p className="font-semibold">{customer.name}</p>
      <p className="text-sm break-all">
        <a href={`mailto:${customer.email}`} className="underline">
          {customer.email}
        </a>
      </p>
      <p className="text-sm">{customer.phone}</p>
      <Link
        to={`/customers/${customer.id}`}
        className="mt-2 inline-block text-sm font-semibold underline"
      >
        Open customer page
      </Link>
    </Panel>
  );
}

export function PaymentsCard({ payments }: { payments: AdminPaymentAttempt[] }) {
  return (
    <Panel id="order-payments" title="Payment attempts">
      {payments.length === 0 ? (
        <p className="text-sm text-muted">No payment page was opened for this order.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span>
                <strong className="capitalize">{p.status}</strong>{' '}
                <span className="text-muted">
                  · {p.provider} · <span className="font-mono break-all">{p.provider_ref}</span>
                  {p.provider_payment_id && (
                    <>
                      {' '}
                      · <span className="font-mono break-all">{p.provider_payment_id}</span>
                    </>
                  )}
                </span>
              </span>
              <span className="text-muted">
                {formatPaise(p.amount_paise)} ·{' '}
                <time dateTime={p.updated_at}>{formatDateTime(p.updated_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function RefundsCard({ refunds }: { refunds: AdminRefund[] }) {
  return (
    <Panel id="order-refunds" title="Refunds">
      <ul className="space-y-2 text-sm">
        {refunds.map((r) => (
          <li key={r.id}>
            <p className="flex flex-wrap justify-between gap-x-4">
              <strong className="tabular-nums">{formatPaise(r.amount_paise)}</strong>
              <span className={r.status === 'failed' ? 'font-semibold text-sale' : 'text-muted'}>
                {REFUND_LABEL[r.status]}
                {r.processed_at ? ` ${formatDateTime(r.processed_at)}` : ''}
              </span>
            </p>
            <p className="text-muted">
              {r.reason || 'No reason given'} · asked {formatDateTime(r.created_at)} by{' '}
              {r.requested_by?.name ?? 'the shop'}
              {r.provider_refund_id && (
                <>
                  {' '}
                  · <span className="font-mono break-all">{r.provider_refund_id}</span>
                </>
              )}
            </p>
            {r.last_error && r.status !== 'processed' && (
              <p className="text-sale">{r.last_error}</p>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function ReturnsCard({ returns }: { returns: AdminOrderReturn[] }) {
  return (
    <Panel id="order-returns" title="Returns and exchanges">
      <ul className="space-y-3 text-sm">
        {returns.map((r) => (
          <li key={r.id}>
            <p className="font-semibold">
              {r.kind === 'exchange' ? 'Exchange' : 'Return'} #{r.id} · {RETURN_LABEL[r.status]}
            </p>
            <p className="text-muted">
              {r.reason} · asked {formatDateTime(r.created_at)}
            </p>
            <ul className="mt-1 list-disc pl-5">
              {r.lines.map((l) => (
                <li key={l.order_item_id}>
                  {l.quantity} × {l.name}, size {l.size}
                  {l.exchange_size && ` → size ${l.exchange_size}`}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
