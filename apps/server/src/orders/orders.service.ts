// Orders: checkout in one transaction (lines priced from the database, stock taken per size
// with conditional updates, coupon redeemed), the payment page asked for only after that
// commits, payments settled once and only forward, unpaid orders' stock given back by a
// sweep that several server processes can run at once.
import {
  formatRupees,
  orderPagePath,
  paiseToDecimalString,
  paiseToRupees,
  rupeesToPaise,
  shippingFeeRupees,
  type Order,
  type OrderDetailResponse,
  type OrderItem,
  type OrdersListResponse,
  type OrderStatus,
  type PaymentStatus,
  type ProcessOrderRequest,
  type ProcessOrderResponse,
} from '@kitroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import * as accounts from '../accounts/accounts.service.js';
import * as cart from '../cart/cart.service.js';
import type { Config } from '../config.js';
import * as coupons from '../coupons/coupons.service.js';
import type { Db, Queryable, Tx } from '../db/client.js';
import { Conflict, Invalid, NotFound, ProviderFailed, SoldOut } from '../domain-errors.js';
import { SHOP_NAME } from '../mail/mailer.js';
import { enqueueOrderMail } from '../notifications/order-mail-data.js';
import {
  createPaymentProvider,
  type PaymentProvider,
  type PaymentReport,
  type PaymentRequest,
} from '../payments/payment-provider.js';
import * as payments from '../payments/payments.service.js';
import * as refunds from '../payments/refunds.service.js';
import * as referrals from '../referrals/referrals.service.js';
import { promisedDate } from '../shipping/delivery.service.js';
import { checkPincode } from '../shipping/pincodes.js';
import * as stock from '../stock/stock.service.js';
import * as cod from './cod.service.js';
import { awaitsCodConfirmation } from './cod.js';
import { cancelAbandonedOrders, cancelUnconfirmedCodOrders } from './fulfilment.service.js';
import { PROVIDER, recordEvent, SYSTEM } from './order-events.js';
import { orderPageExtras } from './order-page.js';
import * as q from './orders.queries.js';

/** What the order calls work with: the app's dependencies, the provider, the request's log. */
export interface OrderContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

/**
 * Builds each request's order context around one payment provider, made from the
 * configuration once (a provider that needs secrets refuses to be made without them).
 */
export function orderContexts(
  deps: { database: { db: Db }; config: Config },
  provider: PaymentProvider = createPaymentProvider(deps.config),
): (log: FastifyBaseLogger) => OrderContext {
  return (log) => ({
    db: deps.database.db,
    config: deps.config,
    provider,
    log,
  });
}

const ORDER_LIST_LIMIT = 200;
/** An unpaid order can be paid (its stock taken again) for this long after it was placed. */
const PAYABLE_DAYS = 7;
export const ORDER_SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
// While another request is creating the payment page for the same order: poll, then give up.
const PENDING_POLL_MS = 200;
const PENDING_POLLS = 60;

type ProcessOrderInput = z.output<typeof ProcessOrderRequest>;

// ───────────────────────────── stock ─────────────────────────────

type Shortage = { productId: number; size: string; left: number };
/** A size's stock taken for an order: its ledger row once the order's id is known. */
type Taken = { productId: number; size: string; delta: number; stockAfter: number };
type TakeResult =
  | { ok: true; products: Map<number, q.TakenProductRow>; taken: Taken[] }
  | { ok: false; shortage: Shortage };

/** One line per (product, size), quantities added up. */
function mergeLines(items: readonly { product_id: number; size: string; quantity: number }[]) {
  const merged = new Map<string, q.StockLine>();
  for (const i of items) {
    const key = `${i.product_id}\u0000${i.size}`;
    const line = merged.get(key);
    if (line) line.quantity += i.quantity;
    else merged.set(key, { productId: i.product_id, size: i.size, quantity: i.quantity });
  }
  return [...merged.values()];
}

function byLockOrder(a: q.StockLine, b: q.StockLine): number {
  return a.productId - b.productId || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0);
}

/**
 * Takes the lines' stock: each size only if enough is left (the conditional update is what
 * makes overselling impossible), then the products' totals. Rows are locked in one global
 * order; on a shortage the caller rolls back.
 */
async function takeStock(db: Queryable, lines: readonly q.StockLine[]): Promise<TakeResult> {
  const sorted = [...lines].sort(byLockOrder);
  const taken: Taken[] = [];
  for (const line of sorted) {
    const stockAfter = await q.takeSizeStock(db, line);
    if (stockAfter === undefined) {
      const left = await q.sizeStockNow(db, line.productId, line.size);
      return { ok: false, shortage: { productId: line.productId, size: line.size, left } };
    }
    taken.push({ productId: line.productId, size: line.size, delta: -line.quantity, stockAfter });
  }
  const perProduct = new Map<number, number>();
  for (const l of sorted)
    perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + l.quantity);
  const products = new Map<number, q.TakenProductRow>();
  for (const [productId, quantity] of perProduct) {
    products.set(productId, await q.takeProductStock(db, productId, quantity));
  }
  return { ok: true, products, taken };
}

/** Writes the ledger rows of stock taken for an order: held at checkout, or sold at payment. */
async function recordTaken(
  db: Queryable,
  orderId: number,
  taken: readonly Taken[],
  reason: 'hold' | 'sale',
): Promise<void> {
  await stock.insertLedgerEntries(
    db,
    taken.map((t) => ({ ...t, reason, orderId })),
  );
}

function shortageMessage(s: Shortage, name: string): string {
  return s.left === 0
    ? `Sorry, ${name} in size ${s.size} is sold out.`
    : `Sorry, only ${s.left} left of ${name} in size ${s.size}.`;
}

/** Refuses lines naming unknown or withdrawn products or sizes they do not come in. */
async function checkLines(db: Queryable, lines: readonly q.StockLine[]) {
  const rows = await q.lineProducts(db, [...new Set(lines.map((l) => l.productId))]);
  const names = new Map<number, string>();
  for (const line of lines) {
    const product = rows.filter((r) => r.id === line.productId);
    const first = product[0];
    if (!first) throw new Invalid(`Product ${line.productId} does not exist.`);
    if (!first.active) throw new Conflict(`Sorry, ${first.name} is no longer sold.`);
    if (!product.some((r) => r.size === line.size)) {
      throw new Invalid(`${first.name} does not come in size ${line.size}.`);
    }
    names.set(first.id, first.name);
  }
  return names;
}

// ───────────────────────────── checkout ─────────────────────────────

function holdEnd(config: Config, now: Date): Date {
  return new Date(now.getTime() + config.orderHoldMinutes * 60_000);
}

/** The order's transaction; answers the order id (an earlier one for a repeated key). */
async function createOrder(
  tx: Queryable,
  config: Config,
  userId: number,
  input: ProcessOrderInput,
  now: Date,
  visitorKey: string | null,
): Promise<number> {
  const key = input.idempotency_key ?? null;
  if (key) {
    await q.lockIdempotencyKey(tx, userId, key);
    const earlier = await q.orderIdByKey(tx, userId, key);
    if (earlier !== undefined) return earlier;
  }

  // A pincode outside the chosen state is a parcel lost: refused before anything is taken.
  const destination = await checkPincode(input.shipping_address.pincode, input.state);
  if (!destination.ok) throw new Invalid(destination.error);

  const lines = mergeLines(input.items);
  const names = await checkLines(tx, lines);
  const taken = await takeStock(tx, lines);
  if (!taken.ok) {
    throw new SoldOut(shortageMessage(taken.shortage, names.get(taken.shortage.productId) ?? ''));
  }

  const priced = lines.map((l) => {
    const p = taken.products.get(l.productId)!;
    return { ...l, product: p, unitPricePaise: p.discount_price_paise };
  });
  const subtotalPaise = priced.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const shippingPaise = rupeesToPaise(shippingFeeRupees(input.state));

  let coupon: { couponId: number; discountPaise: number; lineDiscountsPaise: number[] } | null =
    null;
  if (input.coupon_code) {
    const check = await coupons.evaluateCoupon(tx, {
      code: input.coupon_code,
      userId,
      now,
      lines: priced.map((l) => ({
        productId: l.productId,
        categoryId: l.product.category_id,
        unitPricePaise: l.unitPricePaise,
        quantity: l.quantity,
      })),
    });
    if (!check.ok) throw new Conflict(check.error);
    coupon = check;
  }
  const discountPaise = coupon?.discountPaise ?? 0;
  const isCod = input.payment_method === 'COD';
  // Cash on delivery: every rule checked again here, under the shopper's lock (decision 034).
  const codFeePaise = isCod
    ? await cod.codFeeForCheckout(tx, {
        userId,
        pincode: input.shipping_address.pincode,
        totalPaise: subtotalPaise + shippingPaise - discountPaise,
      })
    : 0;
  const totalPaise = subtotalPaise + shippingPaise + codFeePaise - discountPaise;
  if (rupeesToPaise(input.amount) !== totalPaise) {
    throw new Conflict(
      `Prices have changed since you opened checkout: your total is now ${formatRupees(paiseToRupees(totalPaise))}. Please review your order and try again.`,
    );
  }

  // Referral attribution — the one place orders get credited: codes count only when valid
  // and clicked by this shopper or browser within their windows.
  const attribution = await referrals.resolveAttribution(tx, {
    affiliateCode: input.affiliate_code,
    googleCode: input.google_code,
    userId,
    visitorKey,
    now,
  });

  const orderId = await q.insertOrder(tx, {
    userId,
    shippingAddress: input.shipping_address,
    state: input.state,
    mobileNumber: input.mobile_number,
    subtotalPaise,
    shippingPaise,
    discountPaise,
    codFeePaise,
    totalPaise,
    paymentMethod: isCod ? 'COD' : 'Online',
    couponId: coupon?.couponId ?? null,
    affiliateId: attribution.affiliateId,
    campaignCode: attribution.campaignCode,
    idempotencyKey: key,
    // A COD order holds its stock until it is confirmed and delivered, or cancelled.
    reservedUntil: isCod ? null : holdEnd(config, now),
    expectedDate: await promisedDate(tx, destination.found, now),
  });
  await q.insertOrderItems(
    tx,
    orderId,
    priced.map((l, i) => ({
      productId: l.productId,
      productName: l.product.name,
      productImageUrl: l.product.image_url,
      size: l.size,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      discountPaise: coupon?.lineDiscountsPaise[i] ?? 0,
    })),
  );
  await recordTaken(tx, orderId, taken.taken, 'hold');
  await recordEvent(tx, orderId, 'placed', { kind: 'shopper', userId }, { at: now });
  if (isCod) await cod.startConfirmation(tx, config.publicUrl, orderId, now);
  // A first checkout's address becomes the profile's, so the profile never says NAN after
  // it; an address the shopper saved is never replaced from here.
  await accounts.saveFirstShippingAddress(tx, userId, input.shipping_address, now);
  if (coupon) {
    const redeemed = await coupons.redeemCoupon(tx, {
      couponId: coupon.couponId,
      userId,
      orderId,
      discountPaise,
    });
    if (!redeemed.ok) throw new Conflict(redeemed.error);
  }
  await cart.removeOrderedLines(tx, userId, lines);
  return orderId;
}

/**
 * process_order.php: places the order, then asks the provider for its payment page; a COD
 * order has none, and the browser goes to the order's own page.
 */
export async function placeOrder(
  ctx: OrderContext,
  userId: number,
  input: ProcessOrderInput,
  visitorKey: string | null = null,
): Promise<ProcessOrderResponse> {
  const orderId = await ctx.db.transaction((tx) =>
    createOrder(tx, ctx.config, userId, input, new Date(), visitorKey),
  );
  if (input.payment_method === 'COD') {
    const page = new URL(orderPagePath(orderId), ctx.config.publicUrl).toString();
    return { order_id: orderId, payment_url: page };
  }
  return { order_id: orderId, payment_url: await paymentPage(ctx, userId, orderId) };
}

/** payment_processer.php: a payment page for the shopper's own unpaid order. */
export async function payForOrder(
  ctx: OrderContext,
  userId: number,
  orderId: number,
): Promise<ProcessOrderResponse> {
  return { order_id: orderId, payment_url: await paymentPage(ctx, userId, orderId) };
}

// ───────────────────────────── payment pages ─────────────────────────────

type Step =
  | { kind: 'ready'; paymentUrl: string }
  | { kind: 'pending' }
  | { kind: 'claimed'; paymentId: number; request: PaymentRequest };

type Retake = { ok: true } | { ok: false; error: string };

/**
 * Takes a released order's stock (and coupon use) again: held anew for another payment
 * page, or sold outright when a payment arrived after the hold ran out.
 */
async function retakeOrder(
  db: Queryable,
  order: q.OrderRow,
  opts: { enforceCouponLimits: boolean; reason: 'hold' | 'sale' },
): Promise<Retake> {
  const items = await q.itemsOfOrders(db, [order.id]);
  const taken = await takeStock(
    db,
    items.map((i) => ({ productId: i.product_id, size: i.size, quantity: i.quantity })),
  );
  if (!taken.ok) {
    const name = items.find((i) => i.product_id === taken.shortage.productId)?.product_name ?? '';
    return { ok: false, error: shortageMessage(taken.shortage, name) };
  }
  await recordTaken(db, order.id, taken.taken, opts.reason);
  if (order.coupon_id !== null) {
    const redeemed = await coupons.redeemCoupon(
      db,
      {
        couponId: order.coupon_id,
        userId: order.user_id,
        orderId: order.id,
        discountPaise: order.discount_paise,
      },
      { enforceLimits: opts.enforceCouponLimits },
    );
    if (!redeemed.ok) return { ok: false, error: redeemed.error };
  }
  return { ok: true };
}

/** Under the order's lock: check it can be paid, renew its hold, plan the attempt. */
async function prepareAttempt(
  tx: Queryable,
  ctx: OrderContext,
  userId: number,
  orderId: number,
  now: Date,
): Promise<Step> {
  const order = await q.lockOrder(tx, orderId);
  if (!order || order.user_id !== userId) throw new NotFound('Order not found');
  if (order.payment_status === 'SUCCESS') throw new Conflict('This order is already paid.');
  if (order.order_status === 'Canceled') {
    throw new Conflict('This order was canceled. Please place a new order.');
  }
  if (
    order.payment_method === 'COD' &&
    (order.packed_at !== null ||
      (order.order_status !== 'Pending' && order.order_status !== 'Processing'))
  ) {
    throw new Conflict('This order is on its way: please pay the courier in cash when it arrives.');
  }
  if (new Date(order.created_at).getTime() < now.getTime() - PAYABLE_DAYS * DAY_MS) {
    throw new Conflict('This order has expired. Please place a new order.');
  }
  let until = order.reserved_until === null ? null : new Date(order.reserved_until);
  if (order.stock_released) {
    const retaken = await retakeOrder(tx, order, { enforceCouponLimits: true, reason: 'hold' });
    if (!retaken.ok) {
      throw new Conflict(
        `${retaken.error} This order can no longer be paid; please place a new order.`,
      );
    }
  }
  if (order.stock_released || until === null || until <= now) {
    // Pages made for the old hold would outlive it: they end, and a new one is made.
    until = holdEnd(ctx.config, now);
    await q.renewHold(tx, order.id, until);
    await payments.expireOpenAttempts(tx, order.id);
  }
  const plan = await payments.planAttempt(tx, {
    orderId: order.id,
    provider: ctx.provider.name,
    amountPaise: order.total_paise,
    now,
  });
  if (plan.kind !== 'claimed') return plan;
  const address = order.shipping_address;
  return {
    kind: 'claimed',
    paymentId: plan.paymentId,
    request: {
      orderId: order.id,
      reference: plan.reference,
      amountPaise: order.total_paise,
      description: `${SHOP_NAME} order #${order.id}`,
      customer: {
        name: `${address.first_name ?? ''} ${address.last_name ?? ''}`.trim() || order.user_name,
        email: order.email,
        contact: order.mobile_number,
      },
      expiresAt: until,
    },
  };
}

/**
 * The order's payment page: an open one, or a new one from the provider. The provider is
 * called outside any transaction; a second request meanwhile waits for its answer.
 */
async function paymentPage(ctx: OrderContext, userId: number, orderId: number): Promise<string> {
  for (let poll = 0; ; poll++) {
    const step = await ctx.db.transaction((tx) =>
      prepareAttempt(tx, ctx, userId, orderId, new Date()),
    );
    if (step.kind === 'ready') return step.paymentUrl;
    if (step.kind === 'claimed') return createPage(ctx, step.paymentId, step.request);
    if (poll >= PENDING_POLLS) {
      throw new Conflict(
        'Your payment page is still being prepared. Please try again in a moment.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, PENDING_POLL_MS));
  }
}

async function createPage(
  ctx: OrderContext,
  paymentId: number,
  request: PaymentRequest,
): Promise<string> {
  try {
    const created = await ctx.provider.createPayment(request);
    await payments.attachLink(ctx.db, paymentId, created);
    return created.paymentUrl;
  } catch (err) {
    ctx.log.error({ err, orderId: request.orderId }, 'the payment provider made no payment page');
    await payments.abandonAttempt(ctx.db, paymentId);
    throw new ProviderFailed(
      `Your order #${request.orderId} is saved, but the payment service is not answering right now. Please use Pay Now on the order in My Orders in a few minutes.`,
    );
  }
}

// ───────────────────────────── settling payments ─────────────────────────────

export type SettleOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown' | 'mismatch';

export interface Settlement {
  outcome: SettleOutcome;
  orderId: number | null;
}

class StockGone extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

type PaidResult = { kind: 'paid' } | { kind: 'canceled'; reason: string } | { kind: 'already' };

/**
 * Marks the locked order paid, once; a released order takes its stock back first. An order
 * canceled before its money came stays canceled (the caller refunds the payment).
 */
async function markOrderPaid(tx: Tx, order: q.OrderRow, now: Date): Promise<PaidResult> {
  if (order.payment_status === 'SUCCESS') return { kind: 'already' };
  if (order.order_status === 'Canceled') {
    await q.markPaid(tx, order.id, now, { status: 'Canceled', stockHeld: false });
    await recordEvent(tx, order.id, 'paid', PROVIDER, { at: now });
    return {
      kind: 'canceled',
      reason: 'The order had been canceled before your payment reached us.',
    };
  }
  const held = !order.stock_released;
  // A COD order paid online (Pay Now) is an online order from now on; its total stays.
  if (order.payment_method === 'COD') await cod.switchToOnline(tx, order.id);
  if (order.stock_released) {
    try {
      // A savepoint: a shortage undoes the partial stock take, not the payment record.
      await tx.transaction(async (sp) => {
        const retaken = await retakeOrder(sp, order, {
          enforceCouponLimits: false,
          reason: 'sale',
        });
        if (!retaken.ok) throw new StockGone(retaken.error);
      });
    } catch (err) {
      if (!(err instanceof StockGone)) throw err;
      await q.markPaid(tx, order.id, now, { status: 'Canceled', stockHeld: false });
      await q.markCanceled(tx, order.id, err.reason, now);
      await recordEvent(tx, order.id, 'paid', PROVIDER, { at: now });
      await recordEvent(tx, order.id, 'canceled', SYSTEM, { note: err.reason, at: now });
      return { kind: 'canceled', reason: err.reason };
    }
  }
  const marked = await q.markPaid(tx, order.id, now, { status: 'Processing', stockHeld: true });
  if (!marked) return { kind: 'already' };
  await recordEvent(tx, order.id, 'paid', PROVIDER, { at: now });
  // The hold becomes a sale (a stock taken again above was written as the sale itself).
  if (held) await q.insertSaleEntries(tx, order.id);
  return { kind: 'paid' };
}

/**
 * Applies a verified provider report (from a callback, webhook or look-up) to its order:
 * the event is handled once, the payment must name this order and its exact amount in INR,
 * its state only moves forward, and the order is marked paid (and mailed) once.
 */
export async function settlePayment(
  ctx: OrderContext,
  report: PaymentReport | null,
  event?: { eventId: string; event: string },
): Promise<Settlement> {
  const now = new Date();
  const result = await ctx.db.transaction(async (tx) => {
    if (event) {
      const first = await payments.firstDelivery(tx, { ...event, provider: ctx.provider.name });
      if (!first)
        return { outcome: 'duplicate' as const, orderId: null, paid: null, refundId: null };
    }
    if (!report)
      return { outcome: 'unchanged' as const, orderId: null, paid: null, refundId: null };
    const found = await payments.findPayment(tx, ctx.provider.name, report.providerRef);
    if (!found) return { outcome: 'unknown' as const, orderId: null, paid: null, refundId: null };
    const order = (await q.lockOrder(tx, found.order_id))!;
    const payment = await payments.lockPayment(tx, found.id);
    if (!payments.reportMatches(payment, report, { id: order.id, totalPaise: order.total_paise })) {
      return { outcome: 'mismatch' as const, orderId: order.id, paid: null, refundId: null };
    }
    const moved = await payments.advance(tx, payment, report);
    let paid: PaidResult | null = null;
    let refundId: number | null = null;
    if (report.status === 'paid') {
      paid = await markOrderPaid(tx, order, now);
      await enqueuePaidMail(tx, ctx.config.publicUrl, order.id, paid);
      // Money for an order that cannot be served goes back in full, by itself.
      if (paid.kind === 'canceled') {
        const refund = await refunds.requestRefund(tx, order.id, {
          amountPaise: payment.amount_paise,
          key: `late-payment-${payment.id}`,
          reason: paid.reason,
          actor: SYSTEM,
        });
        refundId = refund.refundId;
      }
    } else if (report.status === 'failed' && moved) await q.markPaymentFailed(tx, order.id);
    const changed = moved || (paid !== null && paid.kind !== 'already');
    return {
      outcome: changed ? ('applied' as const) : ('unchanged' as const),
      orderId: order.id,
      paid,
      refundId,
    };
  });
  if (result.refundId != null) await refunds.sendRefund(ctx, result.refundId);
  return { outcome: result.outcome, orderId: result.orderId };
}

/** Asks the provider about open payments of an unpaid order whose messages never came. */
async function reconcile(ctx: OrderContext, orderId: number): Promise<boolean> {
  const { lookup } = ctx.provider;
  if (!lookup) return false;
  let settled = false;
  const open = await payments.openAttempts(ctx.db, orderId, ctx.provider.name);
  for (const attempt of open.slice(0, 3)) {
    let report: PaymentReport;
    try {
      report = await lookup(attempt.provider_ref);
    } catch (err) {
      ctx.log.warn({ err, orderId }, 'payment status look-up failed');
      continue;
    }
    if (report.status === 'created') continue;
    const result = await settlePayment(ctx, report);
    if (result.outcome === 'applied') settled = true;
    else if (result.outcome === 'mismatch') {
      ctx.log.warn({ orderId, report }, 'payment look-up does not match its order');
    }
  }
  return settled;
}

// ───────────────────────────── reading orders ─────────────────────────────

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** The address as one display line. */
function addressLine(a: Record<string, string | undefined>): string {
  const get = (k: string) => a[k]?.trim() ?? '';
  const name = `${get('first_name')} ${get('last_name')}`.trim();
  const place = `${get('state')} ${get('pincode')}`.trim();
  return [name, get('street_name'), get('city'), place, get('phone')].filter(Boolean).join(', ');
}

function toOrder(row: q.OrderRow): Order {
  return {
    id: row.id,
    created_at: iso(row.created_at),
    expected_date: row.expected_date,
    order_status: row.order_status as OrderStatus,
    payment_status: row.payment_status as PaymentStatus,
    payment_method: row.payment_method,
    shipping_address: addressLine(row.shipping_address),
    total_amount: paiseToDecimalString(row.total_paise),
    tracking_id: row.tracking_id,
    tracking_link: row.tracking_link,
    subtotal_amount: paiseToDecimalString(row.subtotal_paise),
    shipping_amount: paiseToDecimalString(row.shipping_paise),
    cod_fee_amount: paiseToDecimalString(row.cod_fee_paise),
    discount_amount: paiseToDecimalString(row.discount_paise),
    coupon_code: row.coupon_code,
    paid_at: row.paid_at === null ? null : iso(row.paid_at),
  };
}

function toItem(row: q.OrderItemRow): OrderItem {
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
    product_image_url: row.product_image_url,
    quantity: row.quantity,
    size: row.size,
    price: paiseToRupees(row.unit_price_paise),
  };
}

/** orders.php {user_id}: the shopper's orders, newest first, each with its items. */
export async function listOrders(db: Queryable, userId: number): Promise<OrdersListResponse> {
  const rows = await q.ordersOfUser(db, userId, ORDER_LIST_LIMIT);
  const items = await q.itemsOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return {
    orders: rows.map((r) => ({
      ...toOrder(r),
      order_items: items.filter((i) => i.order_id === r.id).map(toItem),
    })),
  };
}

/**
 * orders.php {user_id, order_id}: one of the shopper's orders, reconciled when unpaid, with
 * its timeline, whether it may be canceled, and its returns.
 */
export async function orderDetail(
  ctx: OrderContext,
  userId: number,
  orderId: number,
): Promise<OrderDetailResponse> {
  let row = await q.orderOfUser(ctx.db, userId, orderId);
  if (!row) throw new NotFound('Order not found');
  if (row.payment_status !== 'SUCCESS' && (await reconcile(ctx, row.id))) {
    row = (await q.orderOfUser(ctx.db, userId, orderId)) ?? row;
  }
  const items = await q.itemsOfOrders(ctx.db, [row.id]);
  return {
    order: toOrder(row),
    order_items: items.map(toItem),
    ...(await orderPageExtras(ctx.db, row, items)),
    can_confirm_cod: awaitsCodConfirmation(row),
  };
}

// ───────────────────────────── mail ─────────────────────────────

/**
 * The shopper's mail about a payment, written to the outbox in the payment's transaction: it
 * exists exactly when the payment is recorded, and an SMTP outage only delays it.
 */
async function enqueuePaidMail(
  tx: Tx,
  publicUrl: string,
  orderId: number,
  paid: PaidResult,
): Promise<void> {
  if (paid.kind === 'paid') {
    await enqueueOrderMail(
      tx,
      publicUrl,
      orderId,
      'order-confirmed',
      {},
      `order-confirmed:${orderId}`,
    );
  } else if (paid.kind === 'canceled') {
    await enqueueOrderMail(
      tx,
      publicUrl,
      orderId,
      'order-paid-too-late',
      { reason: paid.reason },
      `order-paid-too-late:${orderId}`,
    );
  }
}

// ───────────────────────────── expiry sweep ─────────────────────────────

/**
 * Gives back the stock and coupon uses of unpaid orders whose hold has ended, and cancels the
 * unpaid orders that can no longer be paid.
 */
export async function releaseExpiredOrders(db: Db, now = new Date()): Promise<number> {
  const released = await releaseHolds(db, now);
  await cancelAbandonedOrders(db, new Date(now.getTime() - PAYABLE_DAYS * DAY_MS), SWEEP_BATCH);
  return released;
}

async function releaseHolds(db: Db, now: Date): Promise<number> {
  let released = 0;
  for (;;) {
    const ids = await db.transaction(async (tx) => {
      const expired = await q.claimExpiredOrders(tx, now, SWEEP_BATCH);
      const given = await q.giveBackStock(tx, expired);
      await stock.insertLedgerEntries(
        tx,
        given.map((g) => ({ ...g, delta: g.quantity, reason: 'release' as const })),
      );
      await coupons.releaseCouponUses(tx, expired);
      return expired;
    });
    released += ids.length;
    if (ids.length < SWEEP_BATCH) return released;
  }
}

export interface OrderSweep {
  stop(): Promise<void>;
}

/** Runs releaseExpiredOrders now and every interval until stopped (one run at a time). */
export function startOrderSweep(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs: number,
  /** The shop's address, for the mails of cancelled unconfirmed COD orders. */
  publicUrl: string,
  /** Told of every run, with its error when it failed (the health monitor counts them). */
  onRun: (err?: unknown) => void = () => undefined,
): OrderSweep {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const released = await releaseExpiredOrders(db);
        if (released > 0) log.info({ released }, 'gave back the stock of expired unpaid orders');
        const canceled = await cancelUnconfirmedCodOrders(db, publicUrl, new Date(), SWEEP_BATCH);
        if (canceled > 0) log.info({ canceled }, 'canceled unconfirmed cash-on-delivery orders');
        onRun();
      } catch (err) {
        log.error({ err }, 'order sweep failed');
        onRun(err);
      }
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
