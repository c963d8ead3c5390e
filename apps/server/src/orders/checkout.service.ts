// Checkout: the order placed in one transaction (lines priced from the database, stock taken
// per size, coupon redeemed), and its payment page asked for only after that commits.
import {
  formatRupees,
  orderPagePath,
  paiseToRupees,
  rupeesToPaise,
  shippingFeeRupees,
  type ProcessOrderRequest,
  type ProcessOrderResponse,
} from '@kitroom/contract';
import type { z } from 'zod';
import * as accounts from '../accounts/accounts.service.js';
import { printPrices } from '../catalogue/printing.service.js';
import * as cart from '../cart/cart.service.js';
import type { Config } from '../config.js';
import * as coupons from '../coupons/coupons.service.js';
import type { Queryable } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import {
  Conflict,
  Invalid,
  NotFound,
  ProviderFailed,
  SoldOut,
  Unavailable,
} from '../domain-errors.js';
import { SHOP_NAME } from '../mail/mailer.js';
import type { PaymentRequest } from '../payments/payment-provider.js';
import * as payments from '../payments/payments.service.js';
import * as referrals from '../referrals/referrals.service.js';
import { promisedDate } from '../shipping/delivery.service.js';
import { checkPincode } from '../pincodes/pincodes.js';
import * as wholesale from '../wholesale/wholesale.service.js';
import * as cod from './cod.service.js';
import type { OrderContext } from './order-context.js';
import {
  checkLines,
  mergeLines,
  retakeOrder,
  shortageMessage,
  stockLines,
  takeStock,
} from './order-stock.js';
import * as q from './orders.queries.js';

/** An unpaid order can be paid (its stock taken again) for this long after it was placed. */
export const PAYABLE_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;
// While another request is creating the payment page for the same order: poll, then give up.
const PENDING_POLL_MS = 200;
const PENDING_POLLS = 60;

type ProcessOrderInput = z.output<typeof ProcessOrderRequest>;

function holdEnd(config: Config, now: Date): Date {
  return new Date(now.getTime() + config.orderHoldMinutes * 60_000);
}

/** The order's transaction's outcome: its id, and its first payment attempt if it made one. */
interface Created {
  orderId: number;
  /** Online orders: the attempt claimed in the order's transaction, for the provider's page. */
  attempt: { paymentId: number; request: PaymentRequest } | null;
}

const PRICE_MOVED =
  'Prices have changed since you opened checkout. Please review your order and try again.';

/** Why a shopper with as many unpaid orders as the shop allows cannot hold more stock. */
export function unpaidHoldsMessage(holds: { unpaid: number }): string {
  return `You have ${holds.unpaid} unpaid ${holds.unpaid === 1 ? 'order' : 'orders'} holding shirts. Please pay for one or cancel it in My Orders first.`;
}

/**
 * The order's transaction (an earlier order's id for a repeated key). What only reads or
 * writes the shopper's own new rows comes first; the sizes' and products' rows, which every
 * checkout of the same jersey waits for, are taken last, so they stay locked only for their
 * own statements and the commit (decision 044).
 */
async function createOrder(
  tx: Queryable,
  ctx: OrderContext,
  userId: number,
  input: ProcessOrderInput,
  now: Date,
  visitorKey: string | null,
): Promise<Created> {
  const { config } = ctx;
  const key = input.idempotency_key ?? null;
  if (key) {
    await q.lockIdempotencyKey(tx, userId, key);
    const earlier = await q.orderIdByKey(tx, userId, key);
    if (earlier !== undefined) return { orderId: earlier, attempt: null };
  }

  // A pincode outside the chosen state is a parcel lost: refused before anything is taken.
  const destination = await checkPincode(input.shipping_address.pincode, input.state);
  if (!destination.ok) throw new Invalid(destination.error);

  const lines = mergeLines(input.items);
  // Two prints of one shirt and size are two lines but one size's stock.
  const stock = stockLines(lines);
  // Unknown products and sizes, and sizes already sold out, are refused here, unlocked.
  const products = await checkLines(tx, stock);
  // Each print priced from the product's own printing, or refused (decision 049).
  const printPaise = await printPrices(
    tx,
    lines.map((l) => ({
      productId: l.productId,
      productName: products.get(l.productId)!.name,
      print: l.print,
    })),
  );
  const printed = lines.some((l) => l.print !== null);
  // An approved wholesaler's prices from their price list (decision 045); null: retail.
  const { units: wholesaleUnits, buyer: wholesaleBuyer } = await wholesale.orderTerms(
    tx,
    userId,
    lines.map((l) => {
      const p = products.get(l.productId)!;
      return {
        productId: l.productId,
        categoryId: p.category_id,
        retailPaise: p.discount_price_paise,
        quantity: l.quantity,
      };
    }),
  );
  // A wholesale price is the shirt's; the print is added at its own price. The print is part
  // of the piece's value, so the coupon's share and the GST rate see it too.
  const priced = lines.map((l, i) => {
    const p = products.get(l.productId)!;
    const shirtPaise = wholesaleUnits?.[i] ?? p.discount_price_paise;
    return {
      ...l,
      product: p,
      printPaise: printPaise[i]!,
      unitPricePaise: shirtPaise + printPaise[i]!,
    };
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
      wholesale: wholesaleUnits !== null,
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
  // Nobody holds a whole size unpaid: pieces of one size per order (approved wholesalers
  // excepted), and online orders waiting for payment per shopper, under the shopper's lock.
  const holds = await q.holdsOfShopper(tx, userId, now);
  if (wholesaleBuyer === null) {
    const over = stock.find((l) => l.quantity > holds.pieces_max);
    if (over) {
      throw new Conflict(
        `You can order at most ${holds.pieces_max} pieces of one size (${products.get(over.productId)!.name}, size ${over.size}). For more, apply for wholesale prices.`,
      );
    }
  }
  if (!isCod && holds.unpaid >= holds.unpaid_max) throw new Conflict(unpaidHoldsMessage(holds));
  // Cash on delivery: every rule checked again here, under the shopper's lock (decision 034).
  const codFeePaise = isCod
    ? await cod.codFeeForCheckout(tx, {
        userId,
        pincode: input.shipping_address.pincode,
        totalPaise: subtotalPaise + shippingPaise - discountPaise,
        personalised: printed,
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

  // A COD order holds its stock until it is confirmed and delivered, or cancelled.
  const reservedUntil = isCod ? null : holdEnd(config, now);
  // The order, its lines and its 'placed' event: one statement.
  const order = await q.insertPlacedOrder(
    tx,
    {
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
      reservedUntil,
      expectedDate: await promisedDate(tx, destination.found, now, printed),
      wholesaleBuyer,
    },
    priced.map((l, i) => ({
      productId: l.productId,
      productName: l.product.name,
      productImageUrl: l.product.image_url,
      size: l.size,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      discountPaise: coupon?.lineDiscountsPaise[i] ?? 0,
      print: l.print,
      printPricePaise: l.printPaise,
    })),
    now,
  );
  const orderId = order.id;
  if (isCod) await cod.startConfirmation(tx, config.publicUrl, orderId, now);
  // A first checkout's address becomes the profile's, so the profile never says NAN after
  // it; an address the shopper saved is never replaced from here.
  await accounts.saveFirstShippingAddress(tx, userId, input.shipping_address, now);
  await cart.removeOrderedLines(tx, userId, lines);
  // The first payment attempt is claimed with the order, so its page needs no second
  // transaction; the provider is still called only after the commit.
  let attempt: Created['attempt'] = null;
  if (!isCod) {
    const first = await payments.firstAttempt(tx, {
      orderId,
      provider: ctx.provider.name,
      amountPaise: totalPaise,
    });
    const address = input.shipping_address;
    attempt = {
      paymentId: first.paymentId,
      request: {
        orderId,
        reference: first.reference,
        amountPaise: totalPaise,
        description: `${SHOP_NAME} order #${orderId}`,
        customer: {
          name: `${address.first_name} ${address.last_name}`.trim() || order.user_name,
          email: order.email,
          contact: input.mobile_number,
        },
        expiresAt: reservedUntil!,
      },
    };
  }

  // Last: the stock (each size with its ledger row), under the rows' locks until commit.
  const taken = await takeStock(tx, stock, { orderId, reason: 'hold' });
  if (!taken.ok) {
    throw new SoldOut(
      shortageMessage(taken.shortage, products.get(taken.shortage.productId)?.name ?? ''),
    );
  }
  // The price charged is the one under the product's lock: a price changed since it was
  // read above refuses the order (it rolls back) rather than charge the old one.
  // (A wholesaler's price is worked out from the retail price read: that one is compared.)
  for (const l of priced) {
    if (taken.products.get(l.productId)?.discount_price_paise !== l.product.discount_price_paise) {
      throw new Conflict(PRICE_MOVED);
    }
  }
  if (coupon) {
    const redeemed = await coupons.redeemCoupon(tx, {
      couponId: coupon.couponId,
      userId,
      orderId,
      discountPaise,
    });
    if (!redeemed.ok) throw new Conflict(redeemed.error);
  }
  return { orderId, attempt };
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
  const created = await ctx.db.transaction((tx) =>
    createOrder(tx, ctx, userId, input, new Date(), visitorKey),
  );
  const { orderId } = created;
  if (input.payment_method === 'COD') {
    const page = new URL(orderPagePath(orderId), ctx.config.publicUrl).toString();
    return { order_id: orderId, payment_url: page };
  }
  const paymentUrl = created.attempt
    ? await createPage(ctx, created.attempt.paymentId, created.attempt.request)
    : await paymentPage(ctx, userId, orderId);
  return { order_id: orderId, payment_url: paymentUrl };
}

/** payment_processer.php: a payment page for the shopper's own unpaid order. */
export async function payForOrder(
  ctx: OrderContext,
  userId: number,
  orderId: number,
): Promise<ProcessOrderResponse> {
  return { order_id: orderId, payment_url: await paymentPage(ctx, userId, orderId) };
}

// ── payment pages ──

type Step =
  | { kind: 'ready'; paymentUrl: string }
  | { kind: 'pending' }
  | { kind: 'claimed'; paymentId: number; request: PaymentRequest; superseded: string[] };

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
  // A hold that ended is taken anew only within the shopper's limit of unpaid holds.
  if (
    order.payment_method === 'Online' &&
    (order.stock_released || until === null || until <= now)
  ) {
    const holds = await q.holdsOfShopper(tx, userId, now, order.id);
    if (holds.unpaid >= holds.unpaid_max) throw new Conflict(unpaidHoldsMessage(holds));
  }
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
    superseded: plan.superseded,
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
    if (step.kind === 'claimed') {
      await payments.cancelAtProvider(ctx.provider, ctx.log, step.superseded);
      return createPage(ctx, step.paymentId, step.request);
    }
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
  let asked = false;
  try {
    const created = await ctx.provider.createPayment(request);
    asked = true;
    await payments.attachLink(ctx.db, paymentId, created);
    return created.paymentUrl;
  } catch (err) {
    if (asked && isDatabaseUnavailable(err)) {
      // Our database went away after the order committed (a restart, a failover): the order
      // is whole; the attempt, if it cannot be marked failed now, times out on the next Pay Now.
      await payments.abandonAttempt(ctx.db, paymentId).catch(() => undefined);
      throw new Unavailable(
        `Your order #${request.orderId} is saved, but our database is not available right now. Please use Pay Now on the order in My Orders in a few minutes.`,
      );
    }
    ctx.log.error({ err, orderId: request.orderId }, 'the payment provider made no payment page');
    await payments.abandonAttempt(ctx.db, paymentId);
    throw new ProviderFailed(
      `Your order #${request.orderId} is saved, but the payment service is not answering right now. Please use Pay Now on the order in My Orders in a few minutes.`,
    );
  }
}
