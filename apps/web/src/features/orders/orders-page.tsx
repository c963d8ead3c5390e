// /myAccount/orders: the shopper's orders as cards, newest first, each with its payment (or
// what was refunded of it). Opening one asks for its
// details (orders.php {user_id, order_id}) and shows them; 'Currently you don't have any
// order.' with Shop Now when there are none.
import type { OrderWithItems } from '@kitroom/contract';
import { ChevronRight, ShoppingBag } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from '@/ui/router';
import { statusOf } from '@/api/failure';
import { getOrder, getOrders } from '@/api/order-calls';
import { useApi } from '@/api/use-api';
import { selectUserId, useSessionEnded, useSessionSelector } from '@/features/accounts';
import { showAlert } from '@/ui/alert';
import { buttonClass } from '@/ui/button-class';
import { Loader, LoadingOverlay } from '@/ui/loader';
import { ProductImage } from '@/ui/product-image';
import { OrderStatusBadge } from './order-status-badge';
import {
  formatDate,
  ORDER_TEXTS,
  orderCardTitle,
  orderTotal,
  paymentStatusClass,
  paymentStatusText,
} from './order-rules';

export default function OrdersPage() {
  const userId = useSessionSelector(selectUserId);
  const navigate = useNavigate();
  const sessionEnded = useSessionEnded();
  const [opening, setOpening] = useState(false);
  const result = useApi(
    userId === null ? null : `user ${userId} orders`,
    (signal) => getOrders(userId ?? 0, { signal }),
    { fresh: true },
  );
  // A failed load shows no orders, with the spec's alert; a 401 ends the session instead.
  const failed = result.error !== undefined && statusOf(result.error) !== 401;
  const orders: OrderWithItems[] | null = failed ? [] : (result.data?.orders ?? null);

  useEffect(() => {
    if (result.error !== undefined && !sessionEnded(result.error)) {
      showAlert(ORDER_TEXTS.loadFailed);
    }
  }, [result.error, sessionEnded]);

  async function open(event: MouseEvent<HTMLAnchorElement>, orderId: number) {
    if (userId === null || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setOpening(true);
    try {
      const details = await getOrder(userId, orderId);
      if (!details.order) throw new Error('no order in the response');
      navigate(`/reviewOrdersDetails/${orderId}`, { state: details });
    } catch (failure) {
      setOpening(false);
      if (!sessionEnded(failure)) showAlert(ORDER_TEXTS.detailsMissing);
    }
  }

  if (orders === null) return <Loader label="Loading your orders" />;
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-paper px-6 py-14 text-center">
        <ShoppingBag aria-hidden="true" size={40} className="text-muted" />
        <p className="font-display text-xl font-bold uppercase">{ORDER_TEXTS.noOrders}</p>
        <Link to="/allProducts" className={buttonClass('primary')}>
          Shop Now
        </Link>
      </div>
    );
  }

  return (
    <>
      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Your orders">
        {orders.map((order) => {
          const first = order.order_items[0];
          return (
            <li key={order.id}>
              <Link
                to={`/reviewOrdersDetails/${order.id}`}
                onClick={(e) => void open(e, order.id)}
                className="group flex gap-4 rounded-2xl border border-line bg-white p-4 transition-shadow hover:shadow-lg"
              >
                <div className="w-20 shrink-0 overflow-hidden rounded-xl sm:w-24">
                  <ProductImage
                    path={first?.product_image_url}
                    alt=""
                    name={first?.product_name}
                    width={96}
                    height={96}
                    sizes="96px"
                  />
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-display text-lg font-bold uppercase">Order #{order.id}</p>
                    <OrderStatusBadge status={order.order_status} />
                  </div>
                  <p
                    className="mt-1 font-semibold"
                    title={order.order_items.map((i) => i.product_name).join(', ')}
                  >
                    {orderCardTitle(order.order_items)}
                  </p>
                  <p className="text-sm text-muted">Placed on {formatDate(order.created_at)}</p>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-x-2">
                    <p className="font-bold">{orderTotal(order.total_amount)}</p>
                    <p
                      className={`ml-auto text-right text-sm font-semibold ${paymentStatusClass(order)}`}
                    >
                      {paymentStatusText(order)}
                    </p>
                  </div>
                </div>
                <ChevronRight
                  aria-hidden="true"
                  className="shrink-0 self-center text-muted group-hover:text-ink"
                />
              </Link>
            </li>
          );
        })}
      </ul>
      {opening && <LoadingOverlay label="Opening order" />}
    </>
  );
}
