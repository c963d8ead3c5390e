import type { OrderStatus } from '@kitroom/contract';
import { STATUS_CLASSES } from './order-rules';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase ${STATUS_CLASSES[status]}`}
    >
      {status}
    </span>
  );
}
