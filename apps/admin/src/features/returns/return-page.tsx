// /admin/returns/:id (orders.read): one request — its order and delivery address, the lines
// with the sizes asked for and the stock of each new size, the shopper's reason, the
// decision, the replacement parcel (its packing slip, label, delivery challan and courier's
// news), the refund — and the steps the role may take.
import { formatRupees, printLabel } from '@kitroom/contract';
import { adminEndpoints, type AdminReturn } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { callQuery, errorText } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { Thumbnail } from '@/ui/thumbnail';
import { useTitle } from '@/ui/use-title';
import { ShipmentItem } from '../orders/shipments-card';
import { ReturnActions } from './return-actions';
import { ReturnPickup } from './return-pickup';
import { FaultyBadge, ReturnStatusBadge, returnTitle } from './return-status';

const REFUND_STATES = {
  requested: 'written, being sent',
  pending: 'with the payment provider',
  processed: 'refunded',
  failed: 'failed',
} as const;

export function ReturnPage() {
  const { id = '' } = useParams();
  const query = useQuery(callQuery('getReturn', { params: { id } }));
  const r = query.data?.return;
  useTitle(r ? returnTitle(r) : `Request #${id}`);
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <Link to="/returns" className="text-sm font-semibold text-muted underline">
          ← Returns
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">
            {r ? returnTitle(r) : `Request #${id}`}
          </h1>
          {r?.defect && <FaultyBadge />}
          {r && <ReturnStatusBadge status={r.status} />}
        </div>
      </div>
      {query.error ? (
        <FormMessage text={errorText(query.error)} />
      ) : !r ? (
        <p role="status">Loading…</p>
      ) : (
        <Request r={r} />
      )}
    </div>
  );
}

function Request({ r }: { r: AdminReturn }) {
  return (
    <>
      <section
        aria-label="Request"
        className="space-y-4 rounded-2xl border border-line bg-white p-5 md:p-6"
      >
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
          <dt className="font-semibold text-muted">Order</dt>
          <dd>
            #{r.order.id} · placed {formatDateTime(r.order.placed_at)}
            {r.order.delivered_at && <> · delivered {formatDateTime(r.order.delivered_at)}</>}
          </dd>
          <dt className="font-semibold text-muted">Deliver to</dt>
          <dd className="break-words">{r.order.shipping_address}</dd>
          <dt className="font-semibold text-muted">Asked</dt>
          <dd>
            <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
          </dd>
          <dt className="font-semibold text-muted">Reason</dt>
          <dd className="break-words whitespace-pre-line">{r.reason}</dd>
          {r.defect && (
            <>
              <dt className="font-semibold text-muted">Condition</dt>
              <dd className="font-semibold text-sale">
                Arrived damaged or faulty, the shopper says: inspect the shirts before deciding.
              </dd>
            </>
          )}
          {r.decided_at && (
            <>
              <dt className="font-semibold text-muted">Decision</dt>
              <dd className="break-words">
                {r.status === 'rejected' ? 'Rejected' : 'Approved'} by{' '}
                {r.decided_by?.name ?? 'the shop'}, {formatDateTime(r.decided_at)}
                {r.decision_note && <>: “{r.decision_note}”</>}
              </dd>
            </>
          )}
          {r.received_at && (
            <>
              <dt className="font-semibold text-muted">Received</dt>
              <dd>{formatDateTime(r.received_at)}</dd>
            </>
          )}
          {r.refund_due_paise !== null && (
            <>
              <dt className="font-semibold text-muted">Refund on receipt</dt>
              <dd>
                {formatPaise(r.refund_due_paise)} (what the credit note for these shirts credits:
                their price less their own share of the coupon; the{' '}
                {formatPaise(r.order.shipping_paise)} shipping is kept)
              </dd>
            </>
          )}
          {r.payout_to !== null && (
            <>
              <dt className="font-semibold text-muted">Pay out to</dt>
              <dd>{r.payout_to} (cash on delivery: a bank transfer)</dd>
            </>
          )}
          {r.refund && (
            <>
              <dt className="font-semibold text-muted">Refund</dt>
              <dd>
                {formatPaise(r.refund.amount_paise)}, {REFUND_STATES[r.refund.status]}
              </dd>
            </>
          )}
          {r.shipped_at && (
            <>
              <dt className="font-semibold text-muted">Replacement</dt>
              <dd className="break-all">
                {r.courier_name} {r.tracking_id}, {formatDateTime(r.shipped_at)}
                {r.tracking_link && (
                  <>
                    {' '}
                    ·{' '}
                    <a
                      href={r.tracking_link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="underline"
                    >
                      tracking page
                    </a>
                  </>
                )}
              </dd>
            </>
          )}
          {r.delivered_at && (
            <>
              <dt className="font-semibold text-muted">Delivered</dt>
              <dd>{formatDateTime(r.delivered_at)}</dd>
            </>
          )}
        </dl>
        <ReturnActions request={r} />
      </section>
      <ReturnPickup r={r} />
      {r.kind === 'exchange' && <ReplacementParcel r={r} />}

      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading" className="font-display text-xl font-bold uppercase">
          Shirts
        </h2>
        <ul className="mt-3 space-y-3">
          {r.lines.map((l) => (
            <li
              key={l.order_item_id}
              className="flex gap-3 rounded-2xl border border-line bg-white p-4"
            >
              <Thumbnail path={l.product_image_url} size={56} />
              <div className="min-w-0 text-sm">
                <p className="font-semibold">{l.product_name}</p>
                <p>
                  {l.quantity} × size {l.size} at {formatPaise(l.unit_price_paise)}
                </p>
                {l.print && (
                  <p className="font-semibold text-amber-900">
                    Printed: {printLabel(l.print)} · {formatRupees(l.print.price)} a piece
                  </p>
                )}
                {l.exchange_size && (
                  <p>
                    For size <span className="font-semibold">{l.exchange_size}</span> ·{' '}
                    {l.exchange_stock === 0 ? 'sold out now' : `${l.exchange_stock} in stock now`}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The replacement's parcel: its packing slip and label to print, and each parcel's news. */
function ReplacementParcel({ r }: { r: AdminReturn }) {
  const mayFulfil = useMay('orders.fulfil');
  const packable = r.status === 'received' || r.status === 'shipped' || r.status === 'delivered';
  if (!packable && r.shipments.length === 0) return null;
  const live = r.shipments.find(
    (s) => s.awb !== null && s.state !== 'canceled' && s.state !== 'rto_delivered',
  );
  const path = (p: string) => p.replace(':id', String(r.id));
  return (
    <section
      aria-labelledby="parcel-heading"
      className="space-y-4 rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="parcel-heading" className="font-display text-xl font-bold uppercase">
          Replacement parcel
        </h2>
        <div className="flex flex-wrap gap-2">
          {packable && (
            <a
              href={path(adminEndpoints.replacementPackingSlip.path)}
              target="_blank"
              rel="noopener"
              className={buttonClass('ghost')}
            >
              Packing slip
            </a>
          )}
          {live && mayFulfil && (
            <a
              href={path(adminEndpoints.replacementLabel.path)}
              target="_blank"
              rel="noopener"
              className={buttonClass('ghost')}
            >
              Shipping label
            </a>
          )}
          {mayFulfil &&
            r.challans.map((c) => (
              <a
                key={c.id}
                href={adminEndpoints.deliveryChallanPdf.path.replace(':id', String(c.id))}
                target="_blank"
                rel="noopener"
                className={buttonClass('ghost')}
                title="The delivery challan the replacement travels under (no new sale)"
              >
                Challan {c.number}
              </a>
            ))}
        </div>
      </div>
      {r.shipments.length === 0 ? (
        <p className="text-sm text-muted">
          Not shipped yet: pack the new sizes with the packing slip, then ship the replacement.
        </p>
      ) : (
        <ul className="space-y-4">
          {[...r.shipments].reverse().map((s) => (
            <ShipmentItem key={s.id} orderId={r.order_id} shipment={s} onOrderPage={false} />
          ))}
        </ul>
      )}
    </section>
  );
}
