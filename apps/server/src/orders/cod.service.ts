// Cash on delivery (decision 034): the fee a COD checkout adds once its limits are checked
// under the shopper's lock, the confirmation mail with its single-use link, the shopper's
// confirmation, the cash collected on delivery, and the month's COD report.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  codConfirmPath,
  paiseToRupees,
  type CodConfirmResponse,
  type CodOption,
  type OrderStatus,
} from '@kitroom/contract';
import type { CodReportResponse } from '@kitroom/contract/admin';
import type { Db, Queryable, Tx } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { enqueueOrderMail } from '../notifications/index.js';
import { getSettings } from '../settings/index.js';
import { codAvailability, type CodRules } from './cod.js';
import * as q from './cod.queries.js';
import { stageOf, transition } from './lifecycle.js';
import { recordEvent, SYSTEM } from './order-events.js';
import { insertSaleEntries } from './orders.queries.js';

const HOUR_MS = 60 * 60 * 1000;

/** COD for the product page's or checkout's pincode box (the shopper's open orders counted). */
export async function codOption(
  db: Queryable,
  ask: {
    pincode: string;
    totalPaise: number | null;
    userId: number | null;
    /** A printed shirt or order: never COD (decision 049). */
    personalised?: boolean;
  },
): Promise<CodOption> {
  const rules = await getSettings(db);
  const open = ask.userId === null ? null : await q.openCodOrders(db, ask.userId);
  const blocked = ask.userId === null ? false : await q.codBlocked(db, ask.userId);
  const a = codAvailability(rules, {
    pincode: ask.pincode,
    totalPaise: ask.totalPaise,
    openCodOrders: open,
    personalised: ask.personalised ?? false,
    blocked,
  });
  return { available: a.available, fee: paiseToRupees(a.fee_paise), reason: a.reason };
}

/**
 * In the checkout's transaction, for a COD order: COD's rules, the shopper's open COD orders
 * and whether staff blocked COD for them, under the shopper's COD lock so two checkouts at once
 * count each other. The quote applies the fee; codAvailability says whether COD may pay that
 * total (decision 034).
 */
export async function rulesForCheckout(
  tx: Queryable,
  userId: number,
): Promise<{ rules: CodRules; openCodOrders: number; blocked: boolean }> {
  await q.lockCodCheckouts(tx, userId);
  const rules = await getSettings(tx);
  return {
    rules,
    openCodOrders: await q.openCodOrders(tx, userId),
    blocked: await q.codBlocked(tx, userId),
  };
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * In the checkout's transaction, for a COD order just placed: a random token (only its hash
 * kept) valid for the shop's confirmation hours, and the mail with its link.
 */
export async function startConfirmation(
  tx: Queryable,
  publicUrl: string,
  orderId: number,
  now: Date,
): Promise<void> {
  const { cod_confirm_hours: hours } = await getSettings(tx);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + hours * HOUR_MS);
  await q.setConfirmation(tx, orderId, hashOf(token), expiresAt);
  await enqueueOrderMail(
    tx,
    publicUrl,
    orderId,
    'cod-confirm',
    { confirm_url: new URL(codConfirmPath(orderId, token), publicUrl).toString(), hours },
    `cod-confirm:${orderId}`,
  );
}

const LINK_NOT_VALID =
  'This confirmation link is not valid. Please open the order from My Orders to confirm it.';

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function confirmed(orderId: number, status: OrderStatus, message: string): CodConfirmResponse {
  return { order_id: orderId, order_status: status, message };
}

/** Confirms the locked order (checked to be the shopper's and unconfirmed) and says so. */
async function confirmLocked(tx: Tx, order: q.CodOrderRow, now: Date): Promise<CodConfirmResponse> {
  const step = transition(stageOf({ ...order, packed_at: null }), 'confirm', order.id);
  if (!step.ok) throw new Conflict(step.error);
  await q.markConfirmed(tx, order.id, now);
  await recordEvent(
    tx,
    order.id,
    'cod_confirmed',
    { kind: 'shopper', userId: order.user_id },
    {
      at: now,
    },
  );
  return confirmed(
    order.id,
    'Processing',
    `Thank you: order #${order.id} is confirmed. We will pack it and mail you when it ships; please keep the cash ready for the courier.`,
  );
}

/** Why an order that is not waiting for confirmation cannot be confirmed (or that it was). */
function notWaiting(order: q.CodOrderRow): CodConfirmResponse | never {
  if (order.payment_method !== 'COD') {
    if (order.payment_status === 'SUCCESS') {
      return confirmed(order.id, order.order_status as OrderStatus, `Order #${order.id} is paid.`);
    }
    throw new Conflict(`Order #${order.id} is not a cash-on-delivery order.`);
  }
  if (order.order_status === 'Canceled') {
    throw new Conflict(
      `Order #${order.id} was canceled${order.cancel_reason ? ` (${order.cancel_reason})` : ''}, so it can no longer be confirmed. Please place a new order.`,
    );
  }
  return confirmed(
    order.id,
    order.order_status as OrderStatus,
    `Order #${order.id} is already confirmed. Thank you!`,
  );
}

/** cod_confirm.php: the mailed link's token confirms its order, once, while it is valid. */
export async function confirmByToken(
  db: Db,
  orderId: number,
  token: string,
  now = new Date(),
): Promise<CodConfirmResponse> {
  return db.transaction(async (tx) => {
    const order = await q.lockCodOrder(tx, orderId);
    const hash = order?.cod_confirm_token_hash;
    if (!order || !hash || !sameHash(hash, hashOf(token))) throw new NotFound(LINK_NOT_VALID);
    if (order.cod_confirmed_at !== null || order.order_status !== 'Pending') {
      return notWaiting(order);
    }
    const until = order.cod_confirm_expires_at;
    if (until === null || new Date(until) <= now) {
      throw new Invalid(
        `This confirmation link has expired. Please open order #${order.id} from My Orders to confirm it.`,
      );
    }
    return confirmLocked(tx, order, now);
  });
}

/** order_confirm.php: the logged-in shopper confirms their own COD order from its page. */
export async function confirmByOwner(
  db: Db,
  userId: number,
  orderId: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await q.lockCodOrder(tx, orderId);
    if (!order || order.user_id !== userId) throw new NotFound('Order not found');
    if (order.cod_confirmed_at !== null || order.order_status !== 'Pending') {
      notWaiting(order);
      return;
    }
    if (order.payment_method !== 'COD')
      throw new Conflict(`Order #${orderId} is waiting for payment.`);
    await confirmLocked(tx, order, now);
  });
}

/**
 * In the delivery's transaction: a COD order's cash was collected, so it is paid now (its
 * held stock becomes a sale). Nothing for an order paid already.
 */
export async function collectCashOnDelivery(tx: Queryable, orderId: number, now: Date) {
  if (!(await q.markCashCollected(tx, orderId, now))) return;
  await recordEvent(tx, orderId, 'paid', SYSTEM, { note: 'Cash collected on delivery', at: now });
  await insertSaleEntries(tx, orderId);
}

/** Paid online after all (Pay Now on the order page): an online order from now on. */
export async function switchToOnline(tx: Queryable, orderId: number): Promise<void> {
  await q.switchToOnline(tx, orderId);
}

/** The back office's COD figures for a month ('yyyy-mm', Indian calendar). */
export async function codReport(db: Queryable, month: string): Promise<CodReportResponse> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  // Months start at Indian midnight (UTC+5:30).
  const from = new Date(Date.UTC(y, m - 1, 1) - 330 * 60_000);
  const to = new Date(Date.UTC(y, m, 1) - 330 * 60_000);
  const r = await q.codMonth(db, from, to);
  const rate = (n: number, of: number) => (of === 0 ? null : Math.round((n * 1000) / of) / 10);
  return {
    month,
    orders: r.orders,
    cod_orders: r.cod_orders,
    cod_share_percent: rate(r.cod_orders, r.orders),
    confirmed: r.confirmed,
    unconfirmed_canceled: r.unconfirmed_canceled,
    confirmation_rate_percent: rate(r.confirmed, r.cod_orders),
    shipped: r.shipped,
    returned_to_origin: r.returned,
    rto_rate_percent: rate(r.returned, r.shipped),
    collected: r.collected,
    collected_paise: r.collected_paise,
  };
}
