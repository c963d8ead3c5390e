// Refunds as staff see them: give money back on an order (through the fulfilment service's
// refundOrder: under the order's lock, audited, then sent to the provider) and the list of
// refunds, with those still open after the policy's 7 days first when asked.
import {
  REFUND_PROMISE_DAYS,
  type AdminRefund,
  type AdminRefundListItem,
  type RefundListQuery,
  type RefundListResponse,
  type RefundOrderRequest,
  type RefundOrderResponse,
  type RecordPayoutRequest,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Queryable } from '../db/index.js';
import * as fulfilment from '../fulfilment/index.js';
import type { OrderContext } from '../orders/index.js';
import type { Actor } from '../staff/index.js';
import * as q from '../orders/refunds.queries.js';
import { completePayout, refundableOf } from '../orders/index.js';
import { lockOrder } from '../orders/orders.queries.js';
import { record } from '../staff/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The client's keys live apart from the shop's own (cancel-order-…, late-payment-…). */
const STAFF_KEY_PREFIX = 'admin-';

const iso = (v: Date | string) => new Date(v).toISOString();

function toAdminRefund(r: q.AdminRefundRow): AdminRefund {
  return {
    id: r.id,
    order_id: r.order_id,
    amount_paise: r.amount_paise,
    status: r.status,
    provider: r.provider,
    provider_refund_id: r.provider_refund_id,
    reason: r.reason,
    requested_by: r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name ?? '' },
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    processed_at: r.processed_at === null ? null : iso(r.processed_at),
    attempts: r.attempts,
    last_error: r.last_error,
    method: r.method,
    payout_to: r.payout_to,
    utr: r.utr,
  };
}

const overdueSince = (now: Date) => new Date(now.getTime() - REFUND_PROMISE_DAYS * DAY_MS);

function toListItem(r: q.AdminRefundRow, now: Date): AdminRefundListItem {
  const open = r.status === 'requested' || r.status === 'pending';
  return {
    ...toAdminRefund(r),
    shopper_name: r.shopper_name,
    age_days: Math.floor((now.getTime() - new Date(r.created_at).getTime()) / DAY_MS),
    overdue: open && new Date(r.created_at) < overdueSince(now),
  };
}

/** Refunds part or all of a paid order; the same key again returns the same refund. */
export async function refundAdminOrder(
  ctx: OrderContext,
  actor: Actor,
  orderId: number,
  body: z.output<typeof RefundOrderRequest>,
): Promise<RefundOrderResponse> {
  const refund = await fulfilment.refundOrder(ctx, actor, orderId, {
    amountPaise: body.amount,
    reason: body.reason,
    key: `${STAFF_KEY_PREFIX}${body.idempotency_key}`,
    ...(body.payout ? { payoutTo: body.payout } : {}),
  });
  return {
    refund: toAdminRefund((await q.adminRefundById(ctx.db, refund.id))!),
    refundable_paise: await refundableOf(ctx.db, orderId),
  };
}

/** Staff made a payout's transfer: recorded by its UTR, audited, the shopper mailed. */
export async function recordAdminPayout(
  ctx: OrderContext,
  actor: Actor,
  refundId: number,
  body: z.output<typeof RecordPayoutRequest>,
): Promise<AdminRefund> {
  await ctx.db.transaction(async (tx) => {
    const before = await q.refundById(tx, refundId);
    if (before) await lockOrder(tx, before.order_id);
    const done = await completePayout(tx, ctx, refundId, body.utr);
    if (before?.status !== 'processed') {
      await record(tx, actor, {
        entity: 'order',
        entityId: done.order_id,
        action: 'payout',
        before: { status: before?.status },
        after: { refund_id: refundId, amount_paise: done.amount_paise, utr: body.utr },
      });
    }
  });
  return toAdminRefund((await q.adminRefundById(ctx.db, refundId))!);
}

/** A page of refunds: newest first, or the overdue ones oldest first. */
export async function listAdminRefunds(
  db: Queryable,
  query: z.output<typeof RefundListQuery>,
  now = new Date(),
): Promise<RefundListResponse> {
  const rows = await q.adminRefunds(db, {
    status: query.status,
    method: query.method,
    overdueBefore: query.overdue ? overdueSince(now) : null,
    afterId: query.after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    refunds: page.map((r) => toListItem(r, now)),
    overdue_count: await q.overdueCount(db, overdueSince(now)),
    next_after: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}
