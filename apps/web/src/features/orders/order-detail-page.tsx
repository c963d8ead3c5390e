// /reviewOrdersDetails/{order_id} (spec section 2): the order's id, expected delivery,
// item cards with 'Add Review' (on the lines the server would take a review of: bought and
// kept), payment status with Pay Now while unpaid, order status,
// payment method, shipping address (first 40 characters), total, and tracking. It shows
// the navigation state at once when there is one, and always asks orders.php for the
// current response (the payment page sends the browser here with no state). After a failed
// payment the provider's callback has marked the order FAILED: 'Payment failed' (spec
// section 8) then heads the page, with Pay Now beside it. Ours besides: the order's timeline
// as a vertical stepper, 'Cancel order' while it may be canceled (with a confirm dialog), and
// once delivered its returns and exchanges with 'Return or exchange' within the 7 days, and
// once shipped 'Download invoice' (the tax invoice's PDF, decision 027).
import type { OrderDetailResponse, OrderItem } from '@kitroom/contract';
import {
  formatRupees,
  isOpenReturn,
  printedText,
  RETURN_WINDOW_DAYS,
  rupeesToPaise,
} from '@kitroom/contract';
import { CalendarClock, CircleAlert, FileDown, Star, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from '@/ui/router';
import { ApiError, messageOf } from '@/api/client';
import { confirmCodOrder, getOrder, payOrder } from '@/api/order-calls';
import { useApi } from '@/api/use-api';
import { selectUserId, useSessionEnded, useSessionSelector } from '@/features/accounts';
import { showAlert } from '@/ui/alert';
import { buttonClass } from '@/ui/button-class';
import { Loader } from '@/ui/loader';
import { ProductImage } from '@/ui/product-image';
import { useTitle } from '@/ui/use-title';
import { CancelOrderDialog, CANCEL_TEXTS } from './cancel-order-dialog';
import { COD_TEXTS } from './cod-texts';
import { OrderReturns } from './order-returns';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import {
  expectedDateText,
  formatDate,
  isPaid,
  noDeliveryText,
  ORDER_TEXTS,
  orderAddress,
  orderTotal,
  paymentStatusClass,
  paymentStatusText,
  priceLines,
} from './order-rules';
import { ReturnRequestDialog, RETURN_TEXTS } from './return-request-dialog';
import { ReviewModal } from './review-modal';
import { TrackingDetails } from './tracking-details';

function isDetail(state: unknown, orderId: number): state is OrderDetailResponse {
  if (!state || typeof state !== 'object' || !('order' in state)) return false;
  const { order } = state as { order: unknown };
  return !!order && typeof order === 'object' && (order as { id?: unknown }).id === orderId;
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-right font-semibold break-words">{children}</dd>
    </div>
  );
}

function ItemCard({
  item,
  canReview,
  onReview,
}: {
  item: OrderItem;
  canReview: boolean;
  onReview: () => void;
}) {
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-white p-4">
      <div className="w-20 shrink-0 overflow-hidden rounded-xl sm:w-24">
        <ProductImage
          path={item.product_image_url}
          alt=""
          name={item.product_name}
          width={96}
          height={96}
          sizes="96px"
        />
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{item.product_name}</p>
        <p className="text-sm text-muted">
          Size: {item.size} · Quantity: {item.quantity}
        </p>
        {/* The price is the piece's as charged, print included (decision 049). */}
        {item.print && (
          <p className="text-sm font-semibold" data-testid="order-line-print">
            {printedText(item.print, rupeesToPaise(item.print.price))}
          </p>
        )}
        <p className="mt-1 font-bold">{formatRupees(item.price * item.quantity)}</p>
        {canReview && (
          <button
            type="button"
            onClick={onReview}
            className={buttonClass('ghost', 'mt-3 min-h-9 px-4')}
          >
            <Star aria-hidden="true" size={16} /> Add Review
          </button>
        )}
      </div>
    </li>
  );
}

export default function OrderDetailPage() {
  const params = useParams();
  const orderId = /^\d{1,10}$/.test(params.orderId ?? '') ? Number(params.orderId) : null;
  const location = useLocation();
  const navigate = useNavigate();
  const userId = useSessionSelector(selectUserId);
  const sessionEnded = useSessionEnded();
  const [handed] = useState<OrderDetailResponse | null>(() =>
    orderId !== null && isDetail(location.state, orderId) ? location.state : null,
  );
  // What this page's own actions returned (confirming, canceling, a return asked for).
  const [changed, setDetail] = useState<OrderDetailResponse | null>(null);
  const [paying, setPaying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reviewing, setReviewing] = useState<OrderItem | null>(null);
  const [dialog, setDialog] = useState<'cancel' | 'return' | null>(null);
  useTitle(orderId === null ? 'Order' : `Order #${orderId}`);
  const loaded = useApi(
    orderId === null || userId === null ? null : `user ${userId} order ${orderId}`,
    (signal) => getOrder(userId ?? 0, orderId ?? 0, { signal }),
    { fresh: true },
  );
  const current = loaded.data?.order ? loaded.data : null;
  const detail = changed ?? current ?? handed;

  useEffect(() => {
    if (orderId === null) navigate('/', { replace: true });
  }, [orderId, navigate]);

  useEffect(() => {
    if (loaded.data && !loaded.data.order) showAlert(ORDER_TEXTS.detailsMissing);
  }, [loaded.data]);

  useEffect(() => {
    const failure = loaded.error;
    if (failure === undefined || sessionEnded(failure)) return;
    if (failure instanceof ApiError && failure.status === 404) {
      navigate('/', { replace: true });
      return;
    }
    showAlert(ORDER_TEXTS.detailsMissing);
  }, [loaded.error, navigate, sessionEnded]);

  async function confirmCod() {
    if (userId === null || orderId === null) return;
    setConfirming(true);
    try {
      setDetail(await confirmCodOrder(userId, orderId));
    } catch (failure) {
      if (!sessionEnded(failure)) showAlert(messageOf(failure, COD_TEXTS.confirmFailed));
    } finally {
      setConfirming(false);
    }
  }

  async function payNow() {
    if (userId === null || orderId === null) return;
    setPaying(true);
    try {
      const { payment_url } = await payOrder(userId, orderId);
      window.location.assign(payment_url);
    } catch (failure) {
      setPaying(false);
      if (!sessionEnded(failure)) showAlert(messageOf(failure, ORDER_TEXTS.paymentFailed));
    }
  }

  if (!detail) return <Loader label="Loading your order" className="min-h-[50vh]" />;
  const { order, order_items: items } = detail;
  const paid = isPaid(order);
  const canceled = order.order_status === 'Canceled';
  const failed = order.payment_status === 'FAILED' && !canceled;
  // A canceled or fully refunded order is not on its way: the refund shows instead.
  const noDelivery = noDeliveryText(order);
  // Cash on delivery: paid to the courier; Pay Now stays offered until it ships.
  const cod = order.payment_method === 'COD';
  const payButton = (className: string) => (
    <button
      type="button"
      disabled={paying}
      onClick={() => void payNow()}
      className={buttonClass('accent', className)}
    >
      {paying ? 'Processing...' : 'Pay Now'}
    </button>
  );

  return (
    <div className="mx-auto max-w-[1280px] px-4 py-6 sm:px-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase sm:text-4xl">
            Order #{order.id}
          </h1>
          <p className="text-sm text-muted">Placed on {formatDate(order.created_at)}</p>
        </div>
        <OrderStatusBadge status={order.order_status} />
      </div>
      {failed && (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border-2 border-sale bg-red-50 px-4 py-3"
        >
          <CircleAlert aria-hidden="true" size={24} className="shrink-0 text-sale" />
          <div className="min-w-0 flex-1">
            <p className="font-bold text-sale">{ORDER_TEXTS.paymentNotTaken}</p>
            <p className="text-sm">{ORDER_TEXTS.paymentNotTakenHint}</p>
          </div>
          {payButton('min-h-11 shrink-0 px-6')}
        </div>
      )}
      {detail.can_confirm_cod && (
        <div
          role="region"
          aria-label={COD_TEXTS.heading}
          className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border-2 border-ink bg-white px-4 py-3"
        >
          <div className="min-w-0 flex-1">
            <p className="font-bold">{COD_TEXTS.heading}</p>
            <p className="text-sm">{COD_TEXTS.hint}</p>
          </div>
          <button
            type="button"
            disabled={confirming}
            onClick={() => void confirmCod()}
            className={buttonClass('accent', 'min-h-11 shrink-0 px-6')}
          >
            {confirming ? 'Confirming…' : COD_TEXTS.button}
          </button>
        </div>
      )}
      {noDelivery === null ? (
        <p className="mt-4 flex items-center gap-2 rounded-xl bg-paper px-4 py-3">
          <CalendarClock aria-hidden="true" size={20} className="shrink-0" />
          <span>
            <span className="font-semibold">Expected delivery: </span>
            {expectedDateText(order)}
          </span>
        </p>
      ) : (
        <p
          className="mt-4 flex items-center gap-2 rounded-xl bg-paper px-4 py-3 font-semibold"
          data-testid="order-refund"
        >
          <Undo2 aria-hidden="true" size={20} className="shrink-0" />
          {noDelivery}
        </p>
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <section aria-labelledby="items-heading">
            <h2 id="items-heading" className="font-display text-xl font-bold uppercase">
              Items
            </h2>
            <ul className="mt-3 grid gap-3">
              {items.map((item) => (
                <ItemCard
                  key={item.id}
                  item={item}
                  canReview={detail.reviewable_items.includes(item.id)}
                  onReview={() => setReviewing(item)}
                />
              ))}
            </ul>
          </section>
          {(detail.return_until !== null || detail.returns.length > 0) && (
            <section
              aria-labelledby="returns-heading"
              className="rounded-2xl border border-line bg-white p-5"
            >
              <h2 id="returns-heading" className="font-display text-xl font-bold uppercase">
                Returns and exchanges
              </h2>
              <ReturnWindow detail={detail} onAsk={() => setDialog('return')} />
              {detail.returns.length > 0 && <OrderReturns returns={detail.returns} />}
            </section>
          )}
        </div>

        <section aria-labelledby="summary-heading" className="space-y-4">
          <div className="rounded-2xl border border-line bg-white p-5">
            <h2 id="summary-heading" className="font-display text-xl font-bold uppercase">
              Summary
            </h2>
            <dl className="mt-2 divide-y divide-line">
              <Row term="Payment status">
                <span className={paymentStatusClass(order)}>{paymentStatusText(order)}</span>
              </Row>
              <Row term="Order status">{order.order_status}</Row>
              <Row term="Payment method">
                {order.payment_method === 'COD' ? 'Cash on delivery' : order.payment_method}
              </Row>
              <Row term="Shipping address">
                <span title={order.shipping_address}>{orderAddress(order.shipping_address)}</span>
              </Row>
              {detail.invoice && <Row term="Tax invoice">{detail.invoice.number}</Row>}
            </dl>
            {/* The price as the order mail breaks it down. */}
            <div role="group" aria-label="Price" className="mt-2 border-t border-line pt-2">
              <dl>
                {priceLines(order, items).map((line) => (
                  <div key={line.label} className="flex justify-between gap-4 py-1 text-sm">
                    <dt className="text-muted">{line.label}</dt>
                    <dd className="font-semibold">{line.text}</dd>
                  </div>
                ))}
                <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-line pt-2">
                  <dt className="font-semibold">Total</dt>
                  <dd className="text-lg font-bold">{orderTotal(order.total_amount)}</dd>
                </div>
              </dl>
            </div>
            <p className="mt-1 text-right text-xs text-muted">{ORDER_TEXTS.pricesIncludeGst}</p>
            {detail.invoice && (
              <a
                href={detail.invoice.download_url}
                download
                className={buttonClass('ghost', 'mt-3 w-full')}
              >
                <FileDown aria-hidden="true" size={20} />
                Download invoice
              </a>
            )}
            {!paid &&
              !failed &&
              !canceled &&
              !(cod && order.order_status === 'Shipped') &&
              payButton('mt-4 w-full')}
            {detail.can_cancel && (
              <button
                type="button"
                onClick={() => setDialog('cancel')}
                className={buttonClass('ghost', 'mt-3 w-full')}
              >
                {CANCEL_TEXTS.button}
              </button>
            )}
          </div>

          <div className="rounded-2xl border border-line bg-white p-5">
            <h2 className="font-display text-xl font-bold uppercase">Tracking</h2>
            {order.tracking_id || order.tracking_link ? (
              <TrackingDetails parcel={order} className="mt-2" />
            ) : (
              <p className="mt-2 text-sm text-muted">
                The tracking id and link appear here once your order ships.
              </p>
            )}
          </div>

          <div className="rounded-2xl border border-line bg-white p-5">
            <h2 className="font-display text-xl font-bold uppercase">Timeline</h2>
            <OrderTimeline timeline={detail.timeline} status={order.order_status} />
          </div>
        </section>
      </div>

      {dialog === 'cancel' && userId !== null && (
        <CancelOrderDialog
          userId={userId}
          orderId={order.id}
          paid={paid}
          onClose={() => setDialog(null)}
          onCanceled={(response) => {
            setDialog(null);
            setDetail(response);
          }}
        />
      )}
      {dialog === 'return' && userId !== null && detail.return_options && (
        <ReturnRequestDialog
          userId={userId}
          orderId={order.id}
          items={items}
          options={detail.return_options}
          onClose={() => setDialog(null)}
          onSent={(response) => {
            setDialog(null);
            setDetail(response);
          }}
        />
      )}
      {reviewing && userId !== null && (
        <ReviewModal
          userId={userId}
          orderId={order.id}
          item={reviewing}
          onClose={() => setReviewing(null)}
          onSaved={(message) => {
            setReviewing(null);
            showAlert(message, 'Thank you');
          }}
        />
      )}
    </div>
  );
}

/** The last day to ask (the window ends at the midnight after it). */
function lastReturnDay(until: string): string {
  return formatDate(new Date(Date.parse(until) - 1).toISOString());
}

function ReturnWindow({ detail, onAsk }: { detail: OrderDetailResponse; onAsk: () => void }) {
  const until = detail.return_until;
  if (until === null) return null;
  if (detail.return_options) {
    return (
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          You can ask for a return or a size exchange until {lastReturnDay(until)}.
        </p>
        <button type="button" onClick={onAsk} className={buttonClass('primary', 'shrink-0')}>
          {RETURN_TEXTS.button}
        </button>
      </div>
    );
  }
  if (detail.returns.some(isOpenReturn)) return null;
  return (
    <p className="mt-2 text-sm text-muted">
      {Date.parse(until) <= Date.now()
        ? `The ${RETURN_WINDOW_DAYS} days for returns and exchanges ended on ${lastReturnDay(until)}.`
        : 'Nothing more of this order can be returned or exchanged.'}
    </p>
  );
}
