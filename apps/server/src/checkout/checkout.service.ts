// Checkout: the order placed in one transaction (lines priced from the database, stock taken
// per size, coupon redeemed), and its payment page asked for only after that commits.
import {
  formatRupees,
  orderPagePath,
  paiseToRupees,
  quoteOrder,
  rupeesToPaise,
  type ProcessOrderRequest,
  type ProcessOrderResponse,
  type Quote,
  type QuoteLineInput,
} from '@kitroom/contract';
import type { z } from 'zod';
import * as accounts from '../accounts/index.js';
import { printPrices } from '../catalogue/index.js';
import type { Config } from '../config.js';
import * as coupons from '../coupons/index.js';
import type { Queryable } from '../db/index.js';
import {
  isDatabaseUnavailable,
  refusalOf,
  sentTogether,
  transactionEndingWith,
  type Tx,
} from '../db/index.js';
import {
  Conflict,
  Invalid,
  NotFound,
  ProviderFailed,
  SoldOut,
  Unavailable,
} from '../domain-errors.js';
import * as launches from '../launches/index.js';
import { SHOP_NAME } from '../mail/index.js';
import { recordOptIn } from '../notifications/index.js';
import type { PaymentRequest } from '../payments/index.js';
import * as payments from '../payments/index.js';
import * as referrals from '../referrals/index.js';
import { promisedDateFrom } from '../shipping/index.js';
import { checkPincode } from '../pincodes/index.js';
import { orderTermsOf, type OrderTerms } from '../wholesale/index.js';
import { codAvailability } from '../orders/index.js';
import * as cod from '../orders/index.js';
import type { OrderContext } from '../orders/index.js';
import {
  checkoutFacts,
  insertPlacedOrder,
  lockShopper,
  type CheckoutFacts,
} from './checkout.queries.js';
import {
  checkLines,
  inLockOrder,
  mergeLines,
  type LineProduct,
  type OrderLine,
  retakeOrder,
  shortageMessage,
  stockKey,
  stockLines,
  takeStock,
} from './order-stock.js';
import { stockTurns } from './stock-turns.js';
import * as q from '../orders/orders.queries.js';
import type { StockLine } from '../orders/orders.queries.js';

/** An unpaid order can be paid (its stock taken again) for this long after it was placed. */
export const PAYABLE_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;
// While another request is creating the payment page for the same order: poll, then give up.
const PENDING_POLL_MS = 200;
const PENDING_POLLS = 60;

type ProcessOrderInput = z.output<typeof ProcessOrderRequest>;

/** When a hold taken now ends: the shop's hold, or a launch's shorter one (decision 070). */
function holdEnd(config: Config, now: Date, launchMinutes: number | null = null): Date {
  const minutes = Math.min(config.orderHoldMinutes, launchMinutes ?? Infinity);
  return new Date(now.getTime() + minutes * 60_000);
}

/**
 * Waits for this process's turn at the lines' sizes (stock-turns.ts); returns the function
 * that ends it (the order's transaction ends it in any case once it is over).
 */
type WaitTurn = (lines: readonly StockLine[]) => Promise<() => void>;

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

/** The checkout's lines as the database prices them, ready to quote. */
interface PricedCheckout {
  destination: Extract<Awaited<ReturnType<typeof checkPincode>>, { ok: true }>['found'];
  lines: OrderLine[];
  /** The sizes' stock to take: two prints of one shirt and size are one size's stock. */
  stock: StockLine[];
  products: Map<number, LineProduct>;
  quoteLines: QuoteLineInput[];
  printed: boolean;
  /** The approved wholesaler the order is sold to (decision 046); null: retail. */
  wholesaleBuyer: OrderTerms['buyer'];
  wholesale: boolean;
  /** What the order was read with: holds, limits, rates and delivery rules among them. */
  facts: CheckoutFacts;
}

/**
 * Step 1, validate and price, from the order's facts: the lines' products and sizes (sold-out
 * sizes refused here), each print at the product's own price (decision 049), and an approved
 * wholesaler's prices from their list (decision 045).
 */
async function priceCheckout(
  tx: Queryable,
  destination: PricedCheckout['destination'],
  lines: OrderLine[],
  facts: CheckoutFacts,
) {
  const stock = stockLines(lines);
  const products = checkLines(facts.products, stock);
  const productOf = (l: OrderLine) => products.get(l.productId)!;
  const printPaise = await printPrices(
    tx,
    lines.map((l) => ({ productId: l.productId, productName: productOf(l).name, print: l.print })),
  );
  const terms = orderTermsOf(
    facts.wholesaler,
    lines.map((l) => ({
      productId: l.productId,
      categoryId: productOf(l).category_id,
      retailPaise: productOf(l).discount_price_paise,
      quantity: l.quantity,
    })),
  );
  // A wholesale price is the shirt's; the print is added at its own price. The print is part
  // of the piece's value, so the coupon's share and the GST rate see it too.
  const quoteLines = lines.map((l, i): QuoteLineInput => ({
    productId: l.productId,
    categoryId: productOf(l).category_id,
    description: `${productOf(l).name} (${l.size})`,
    quantity: l.quantity,
    shirtPaise: terms.units?.[i] ?? productOf(l).discount_price_paise,
    printPaise: printPaise[i]!,
  }));
  return {
    destination,
    lines,
    stock,
    products,
    quoteLines,
    printed: lines.some((l) => l.print !== null),
    wholesaleBuyer: terms.buyer,
    wholesale: terms.units !== null,
    facts,
  } satisfies PricedCheckout;
}

/**
 * Step 2, the shopper's terms: the coupon they may use now, and under the shopper's locks
 * (their unpaid holds were read under them with the facts) a kit launch's limits and, for
 * cash on delivery, COD's rules and open COD orders.
 */
async function shopperTerms(
  tx: Queryable,
  userId: number,
  input: ProcessOrderInput,
  priced: PricedCheckout,
  now: Date,
) {
  let coupon: Extract<coupons.CouponGrant, { ok: true }> | null = null;
  if (input.coupon_code) {
    const grant = await coupons.grantCoupon(tx, {
      code: input.coupon_code,
      userId,
      now,
      wholesale: priced.wholesale,
    });
    if (!grant.ok) throw new Conflict(grant.error);
    coupon = grant;
  }
  // The shopper's unpaid holds and the shop's limits, as read with the facts.
  const holds: q.ShopperHolds = priced.facts;
  // A kit launch's rules (decision 070), under the shopper's holds lock: a fan's orders
  // are counted one at a time against the launch's limit.
  const launch = await launches.checkoutRules(tx, {
    userId,
    lines: priced.lines.map((l) => {
      const product = priced.products.get(l.productId)!;
      return { ...l, name: product.name, launchId: product.launch_id };
    }),
    cod: input.payment_method === 'COD',
    now,
  });
  const codRules = input.payment_method === 'COD' ? await cod.rulesForCheckout(tx, userId) : null;
  return { coupon, holds, cod: codRules, launchHoldMinutes: launch.holdMinutes };
}

type ShopperTerms = Awaited<ReturnType<typeof shopperTerms>>;

/**
 * Step 3, the quote and the rules on it (pure): nobody holds a whole size unpaid (pieces of one
 * size per order, approved wholesalers excepted; online orders waiting for payment per
 * shopper), a coupon that gives nothing is refused, cash on delivery's rules hold for this
 * total (decision 034), and the total is the one the shopper saw.
 */
function quoteCheckout(
  input: ProcessOrderInput,
  priced: PricedCheckout,
  terms: ShopperTerms,
  now: Date,
): Quote {
  const { holds } = terms;
  if (priced.wholesaleBuyer === null) {
    const over = priced.stock.find((l) => l.quantity > holds.pieces_max);
    if (over) {
      throw new Conflict(
        `You can order at most ${holds.pieces_max} pieces of one size (${priced.products.get(over.productId)!.name}, size ${over.size}). For more, apply for wholesale prices.`,
      );
    }
  }
  if (!terms.cod && holds.unpaid >= holds.unpaid_max) throw new Conflict(unpaidHoldsMessage(holds));
  const quote = quoteOrder({
    lines: priced.quoteLines,
    state: input.state,
    coupon: terms.coupon && { rule: terms.coupon.rule },
    codFeePaise: terms.cod?.rules.cod_fee_paise ?? 0,
    rates: holds.shipping_rates,
    at: now,
  });
  if (quote.coupon && !quote.coupon.ok) throw new Conflict(quote.coupon.error);
  if (terms.cod) {
    const allowed = codAvailability(terms.cod.rules, {
      pincode: input.shipping_address.pincode,
      totalPaise: quote.totalPaise - quote.codFeePaise,
      openCodOrders: terms.cod.openCodOrders,
      personalised: priced.printed,
      blocked: terms.cod.blocked,
    });
    if (!allowed.available) {
      throw new Conflict(allowed.reason ?? 'Cash on delivery is not available.');
    }
  }
  if (rupeesToPaise(input.amount) !== quote.totalPaise) {
    throw new Conflict(
      `Prices have changed since you opened checkout: your total is now ${formatRupees(paiseToRupees(quote.totalPaise))}. Please review your order and try again.`,
    );
  }
  return quote;
}

/**
 * Step 4, save, in one statement: the order, its lines and its 'placed' event exactly as
 * quoted, the first address, the cart's lines ordered removed, and an online order's first
 * payment attempt (its page is asked for after the commit); then a WhatsApp opt-in and a COD
 * order's confirmation where they apply.
 */
async function saveOrder(
  tx: Queryable,
  ctx: OrderContext,
  userId: number,
  input: ProcessOrderInput,
  placed: {
    priced: PricedCheckout;
    quote: Quote;
    couponId: number | null;
    launchHoldMinutes: number | null;
  },
  now: Date,
  visitorKey: string | null,
): Promise<Created> {
  const { priced, quote } = placed;
  const isCod = input.payment_method === 'COD';
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
  const reservedUntil = isCod ? null : holdEnd(ctx.config, now, placed.launchHoldMinutes);
  const address = input.shipping_address;
  const order = await insertPlacedOrder(
    tx,
    {
      userId,
      shippingAddress: address,
      state: input.state,
      mobileNumber: input.mobile_number,
      subtotalPaise: quote.subtotalPaise,
      shippingPaise: quote.shippingPaise ?? 0,
      discountPaise: quote.discountPaise,
      codFeePaise: quote.codFeePaise,
      totalPaise: quote.totalPaise,
      paymentMethod: isCod ? 'COD' : 'Online',
      couponId: placed.couponId,
      affiliateId: attribution.affiliateId,
      campaignCode: attribution.campaignCode,
      idempotencyKey: input.idempotency_key ?? null,
      reservedUntil,
      expectedDate: await promisedDateFrom(priced.facts, priced.destination, now, priced.printed),
      wholesaleBuyer: priced.wholesaleBuyer,
      // A first checkout's address becomes the profile's, so the profile never says NAN after
      // it; an address the shopper saved is never replaced from here.
      firstAddress: accounts.addressRow(address),
      // The first payment attempt is claimed with the order, so its page needs no second
      // transaction; the provider is still called only after the commit.
      provider: isCod ? null : ctx.provider.name,
    },
    priced.lines.map((l, i) => {
      const product = priced.products.get(l.productId)!;
      const line = quote.lines[i]!;
      return {
        productId: l.productId,
        productName: product.name,
        productImageUrl: product.image_url,
        size: l.size,
        quantity: l.quantity,
        unitPricePaise: line.unitPricePaise,
        discountPaise: line.discountPaise,
        print: l.print,
        printPricePaise: line.printPaise,
      };
    }),
    now,
  );
  const orderId = order.id;
  // Ticked at checkout (decision 066): kept before the first message it allows (COD's).
  if (input.whatsapp_updates && ctx.config.whatsapp) {
    await recordOptIn(tx, userId, input.mobile_number, now);
  }
  if (isCod) {
    await cod.startConfirmation(tx, ctx.config.publicUrl, orderId, now);
    return { orderId, attempt: null };
  }
  if (
    order.payment_id === null ||
    order.payment_reference !== payments.paymentReference(orderId, 1)
  ) {
    throw new Error(`order ${orderId}: its first payment attempt was not written as expected`);
  }
  return {
    orderId,
    attempt: {
      paymentId: order.payment_id,
      request: {
        orderId,
        reference: order.payment_reference,
        amountPaise: quote.totalPaise,
        description: `${SHOP_NAME} order #${orderId}`,
        customer: {
          name: `${address.first_name} ${address.last_name}`.trim() || order.user_name,
          email: order.email,
          contact: input.mobile_number,
        },
        expiresAt: reservedUntil!,
      },
    },
  };
}

/** The order's last statement, sent with its COMMIT (db transactionEndingWith); null: none. */
type LastStatement = ((tx: Tx) => Promise<unknown>) | null;

/**
 * Step 5, last: the stock (each size with its ledger row), under the rows' locks until commit,
 * and the coupon's use. The price charged is the one under the product's lock: a price changed
 * since it was read refuses the order (it rolls back) rather than charge the old one. (A
 * wholesaler's price is worked out from the retail price read: that one is compared.)
 *
 * An order of one size and no coupon (a drop's, a launch's) returns its stock statement unsent,
 * to go with the COMMIT (decision 091): the size's row, which every order of the size waits
 * for, is then locked for one round trip. Its refusals come out of the transaction
 * (placeOrder reads them).
 */
async function takeOrderStock(
  tx: Queryable,
  userId: number,
  orderId: number,
  placed: { priced: PricedCheckout; quote: Quote; couponId: number | null },
  waitTurn: WaitTurn,
): Promise<LastStatement> {
  const { products, stock } = placed.priced;
  const endTurn = await waitTurn(stock);
  const only = stock.length === 1 ? stock[0]! : null;
  if (only && placed.couponId === null) {
    const pricePaise = products.get(only.productId)!.discount_price_paise;
    return (last) => q.takeLastLineStock(last, only, { orderId, reason: 'hold', pricePaise });
  }
  const taken = await takeStock(tx, stock, { orderId, reason: 'hold' });
  if (!taken.ok) {
    // One size not taken: this order changed no stock row, so the next order at the size
    // need not wait for this one's rollback (in a drop, half the orders end here, one after
    // another).
    if (only) endTurn();
    throw new SoldOut(
      shortageMessage(taken.shortage, products.get(taken.shortage.productId)?.name ?? ''),
    );
  }
  for (const [id, product] of products) {
    if (taken.products.get(id)?.discount_price_paise !== product.discount_price_paise) {
      throw new Conflict(PRICE_MOVED);
    }
  }
  if (placed.couponId !== null) {
    const redeemed = await coupons.redeemCoupon(tx, {
      couponId: placed.couponId,
      userId,
      orderId,
      discountPaise: placed.quote.discountPaise,
    });
    if (!redeemed.ok) throw new Conflict(redeemed.error);
  }
  return null;
}

/**
 * The order's transaction (an earlier order's id for a repeated key), as a pipeline: the
 * shopper's locks and one read of the order's facts (decision 078) → price → the shopper's
 * terms → quote → save → take stock. What only reads or writes the shopper's own
 * new rows comes first; the sizes' and products' rows, which every checkout of the same jersey
 * waits for, are taken last, so they stay locked only for their own statements and the commit
 * (decision 044).
 */
async function createOrder(
  tx: Queryable,
  ctx: OrderContext,
  userId: number,
  input: ProcessOrderInput,
  now: Date,
  visitorKey: string | null,
  waitTurn: WaitTurn,
): Promise<{ result: Created; last: LastStatement }> {
  const key = input.idempotency_key ?? null;
  // A pincode outside the chosen state is a parcel lost: refused before anything is taken.
  const destination = await checkPincode(input.shipping_address.pincode, input.state);
  if (!destination.ok) throw new Invalid(destination.error);
  const lines = mergeLines(input.items);
  // The facts are read after the locks are taken, in the same write to the database.
  const [, facts] = await sentTogether(
    tx,
    () => lockShopper(tx, userId, key),
    () =>
      checkoutFacts(tx, {
        userId,
        key,
        productIds: [...new Set(lines.map((l) => l.productId))],
        now,
      }),
  );
  if (facts.earlier_order_id !== null) {
    return { result: { orderId: facts.earlier_order_id, attempt: null }, last: null };
  }
  const priced = await priceCheckout(tx, destination.found, lines, facts);
  const terms = await shopperTerms(tx, userId, input, priced, now);
  const quote = quoteCheckout(input, priced, terms, now);
  const placed = {
    priced,
    quote,
    couponId: terms.coupon?.couponId ?? null,
    launchHoldMinutes: terms.launchHoldMinutes,
  };
  const created = await saveOrder(tx, ctx, userId, input, placed, now, visitorKey);
  const last = await takeOrderStock(tx, userId, created.orderId, placed, waitTurn);
  return { result: created, last };
}

/**
 * The one-line order's stock statement refused it (takeOrderStock): its transaction rolled
 * back. Says why as the statement sent and awaited would have: the size's stock now, or the
 * moved price. Any other error is the caller's to throw.
 */
async function refusedOrder(
  db: Queryable,
  input: ProcessOrderInput,
  err: unknown,
): Promise<SoldOut | Conflict | null> {
  const reason = refusalOf(err);
  if (reason === q.REFUSED_PRICE_MOVED) return new Conflict(PRICE_MOVED);
  if (reason !== q.REFUSED_TOO_FEW_LEFT) return null;
  const [line] = stockLines(mergeLines(input.items));
  const { productId, size } = line!;
  const rows = await q.lineProducts(db, [productId], new Date());
  const left = rows.find((r) => r.size === size)?.stock ?? 0;
  return new SoldOut(shortageMessage({ productId, size, left }, rows[0]?.name ?? ''));
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
  // A kit launch's jersey before the drop or out of the fan's turn: refused before any lock.
  await launches.gate(ctx.db, {
    userId,
    productIds: input.items.map((i) => i.product_id),
    now: new Date(),
  });
  // The turn at the sizes' stock (stock-turns.ts) is taken just before the stock, and ended
  // once the transaction has committed or rolled back.
  let endTurn: (() => void) | undefined;
  let created: Created;
  try {
    const ended = await transactionEndingWith(ctx.db, (tx) =>
      createOrder(tx, ctx, userId, input, new Date(), visitorKey, async (lines) => {
        endTurn = await stockTurns.enter(inLockOrder(lines).map(stockKey));
        return endTurn;
      }),
    );
    created = ended.result;
  } catch (err) {
    endTurn?.();
    throw (await refusedOrder(ctx.db, input, err)) ?? err;
  } finally {
    endTurn?.();
  }
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
  // A hold that ended is taken anew only within the shopper's limit of unpaid holds, and a
  // kit launch's pieces within the fan's limit again (its hold as short as the launch's).
  let launchHoldMinutes: number | null = null;
  if (
    order.payment_method === 'Online' &&
    (order.stock_released || until === null || until <= now)
  ) {
    const holds = await q.holdsOfShopper(tx, userId, now, order.id);
    if (holds.unpaid >= holds.unpaid_max) throw new Conflict(unpaidHoldsMessage(holds));
    ({ holdMinutes: launchHoldMinutes } = await launches.renewedHoldRules(tx, {
      userId,
      orderId: order.id,
      now,
    }));
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
    until = holdEnd(ctx.config, now, launchHoldMinutes);
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
 * called outside any transaction; a second request meanwhile waits for its response.
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
