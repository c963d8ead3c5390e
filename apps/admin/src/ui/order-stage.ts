// An order's stage and payment in plain words, with the tone of their badges: the orders pages
// and the customer page show them alike.
import type { PaymentStatus } from '@kitroom/contract';
import type { OrderStage } from '@kitroom/contract/admin';

export const STAGE_LABEL: Record<OrderStage, string> = {
  pending: 'Awaiting payment',
  processing: 'To pack',
  packed: 'Packed',
  shipped: 'Shipped',
  completed: 'Delivered',
  canceled: 'Canceled',
};

export const STAGE_TONE: Record<OrderStage, string> = {
  pending: 'bg-paper text-muted',
  processing: 'bg-volt text-ink',
  packed: 'bg-sky-100 text-sky-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-emerald-100 text-emerald-900',
  canceled: 'bg-red-50 text-sale',
};

export const PAYMENT_LABEL: Record<PaymentStatus, string> = {
  UNPAID: 'Unpaid',
  SUCCESS: 'Paid',
  FAILED: 'Failed',
};
