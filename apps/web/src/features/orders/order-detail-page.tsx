// /reviewOrdersDetails/{order_id} (spec section 2): the order's id, expected delivery,
// item cards with 'Add Review', payment status with Pay Now while unpaid, order status,
// payment method, shipping address (first 40 characters), total, and tracking. It shows
// the navigation state at once when there is one, and always asks orders.php for the
// current answer (the payment page sends the browser here with no state). After a failed
// payment the provider's callback has marked the order FAILED: 'Payment failed' (spec
// section 8) then heads the page, with Pay Now beside it.
import type { OrderDetailResponse, OrderItem } from '@kitroom/contract';
import { formatRupees } from '@kitroom/contract';
import { CalendarClock, Check, CircleAlert, Copy, ExternalLink, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, messageOf } from '@/api/client';
import { getOrder, payOrder } from '@/api/order-calls';
import { selectUserId, useSessionEnded, useSessionSelector } from '@/features/accounts';
import { showAlert } from '@/ui/alert';
import { copyText } from '@/ui/copy-text';
import { buttonClass } from '@/ui/dialog';
import { Loader } from '@/ui/loader';
import { ProductImage } from '@/ui/product-image';
import { useTitle } from '@/ui/use-title';
import { OrderStatusBadge } from './order-status-badge';
import {
  expectedDateText,
  formatDate,
  isPaid,
  ORDER_TEXTS,
  orderAddress,
  orderTotal,
  PAYMENT_LABELS,
} from './order-rules';
import { ReviewModal } from './review-modal';

const COPIED_HINT_MS = 2000;

function isDetail(state: unknown, orderId: number): state is OrderDetailResponse {
  if (!state || typeof state !== 'object' || !('order' in state)) return false;
  const { order } = state as { order: unknown };
  return !!order && typeof order === 'object' && (order as { id?: unknown }).id === orderId;
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_HINT_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => void copyText(text).then((ok) => setCopied(ok))}
      className={buttonClass('ghost', 'min-h-9 px-3')}
      aria-label={copied ? 'Copied' : 'Copy tracking id'}
    >
      {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
      <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  );
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
  const [detail, setDetail] = useState<OrderDetailResponse | null>(() =>
    orderId !== null && isDetail(location.state, orderId) ? location.state : null,
  );
  const [paying, setPaying] = useState(false);
  const [reviewing, setReviewing] = useState<OrderItem | null>(null);
  useTitle(orderId === null ? 'Order' : `Order #${orderId}`);

  useEffect(() => {
    if (orderId === null) {
      void navigate('/', { replace: true });
      return;
    }
    if (userId === null) return;
    const controller = new AbortController();
    getOrder(userId, orderId, { signal: controller.signal }).then(
      (answer) => {
        if (answer.order) setDetail(answer);
        else showAlert(ORDER_TEXTS.detailsMissing);
      },
      (failure: unknown) => {
        if (controller.signal.aborted || sessionEnded(failure)) return;
        if (failure instanceof ApiError && failure.status === 404) {
          void navigate('/', { replace: true });
          return;
        }
        showAlert(ORDER_TEXTS.detailsMissing);
      },
    );
    return () => controller.abort();
  }, [orderId, userId, navigate, sessionEnded]);

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
  const failed = order.payment_status === 'FAILED';
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
      <p className="mt-4 flex items-center gap-2 rounded-xl bg-paper px-4 py-3">
        <CalendarClock aria-hidden="true" size={20} className="shrink-0" />
        <span>
          <span className="font-semibold">Expected delivery: </span>
          {expectedDateText(order)}
        </span>
      </p>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" className="font-display text-xl font-bold uppercase">
            Items
          </h2>
          <ul className="mt-3 grid gap-3">
            {items.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                canReview={paid}
                onReview={() => setReviewing(item)}
              />
            ))}
          </ul>
        </section>

        <section aria-labelledby="summary-heading" className="space-y-4">
          <div className="rounded-2xl border border-line bg-white p-5">
            <h2 id="summary-heading" className="font-display text-xl font-bold uppercase">
              Summary
            </h2>
            <dl className="mt-2 divide-y divide-line">
              <Row term="Payment status">
                <span className={paid ? 'text-green-800' : 'text-sale'}>
                  {PAYMENT_LABELS[order.payment_status]}
                </span>
              </Row>
              <Row term="Order status">{order.order_status}</Row>
              <Row term="Payment method">{order.payment_method}</Row>
              <Row term="Shipping address">
                <span title={order.shipping_address}>{orderAddress(order.shipping_address)}</span>
              </Row>
              <Row term="Total">
                <span className="text-lg">{orderTotal(order.total_amount)}</span>
              </Row>
            </dl>
            {!paid && !failed && payButton('mt-4 w-full')}
          </div>

          <div className="rounded-2xl border border-line bg-white p-5">
            <h2 className="font-display text-xl font-bold uppercase">Tracking</h2>
            {order.tracking_id || order.tracking_link ? (
              <dl className="mt-2 space-y-3">
                {order.tracking_id && (
                  <div>
                    <dt className="text-sm text-muted">Tracking id</dt>
                    <dd className="mt-1 flex items-center justify-between gap-3">
                      <span className="font-mono font-semibold break-all">{order.tracking_id}</span>
                      <CopyButton text={order.tracking_id} />
                    </dd>
                  </div>
                )}
                {order.tracking_link && (
                  <div>
                    <dt className="text-sm text-muted">Tracking link</dt>
                    <dd className="mt-1 flex items-center justify-between gap-3">
                      <span className="min-w-0 truncate text-sm">{order.tracking_link}</span>
                      <a
                        href={order.tracking_link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={buttonClass('ghost', 'min-h-9 px-3')}
                      >
                        <ExternalLink aria-hidden="true" size={16} /> Open
                        <span className="sr-only"> tracking page (opens in a new tab)</span>
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className="mt-2 text-sm text-muted">
                The tracking id and link appear here once your order ships.
              </p>
            )}
          </div>
        </section>
      </div>

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
