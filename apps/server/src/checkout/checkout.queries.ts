// SQL of the order's transaction (decision 078): the shopper's locks, one read of everything
// the order is priced and checked by, and one write of the order with what it changes in
// other domains' rows (the first address, the ordered cart lines, the first payment attempt).
// Each is prepared once per connection; the stock is taken after them (order-stock.ts), last.
// The rules stay in the domains' services, which take these rows: wholesale's orderTermsOf,
// shipping's promisedDateFrom, order-stock's checkLines.
import type { ShippingRates } from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import type { AddressRow } from '../accounts/index.js';
import type { Queryable } from '../db/index.js';
import { param, preparedStatement } from '../db/index.js';
import {
  holdsLockSql,
  lineProductsSql,
  type LineProductRow,
  unpaidHoldsSql,
} from '../orders/orders.queries.js';
import type { DeliverySettings } from '../shipping/index.js';
import type { ApprovedWholesalerRow } from '../wholesale/index.js';

const lockShopperStatement = preparedStatement(
  'checkout_lock_shopper',
  sql`SELECT CASE WHEN ${param('key', 'text')} IS NOT NULL
                  THEN pg_advisory_xact_lock(${param('userId', 'int')}, hashtext(${param('key', 'text')}))
             END AS key_lock,
             ${holdsLockSql(param('userId', 'int'))} AS holds_lock`,
);

/**
 * The shopper's two locks, in this order (the order every path takes them in): checkouts with
 * the same idempotency key one after another, then the shopper's unpaid holds (two checkouts
 * or Pay Nows of one shopper are counted one after the other; Pay Now takes the second alone).
 */
export async function lockShopper(db: Queryable, userId: number, key: string | null) {
  await lockShopperStatement(db, { userId, key });
}

/** Everything an order is priced and checked by, read in one statement after the locks. */
export interface CheckoutFacts extends DeliverySettings {
  /** The shopper's order placed earlier with the same idempotency key; null: none. */
  earlier_order_id: number | null;
  /** Each asked-for product with each of its sizes (size null when it has none). */
  products: LineProductRow[];
  /** The shopper's approved wholesale application with its price list; null: retail. */
  wholesaler: ApprovedWholesalerRow | null;
  /** The shopper's other online orders holding stock unpaid now. */
  unpaid: number;
  unpaid_max: number;
  pieces_max: number;
  shipping_rates: ShippingRates;
}

const factsStatement = preparedStatement<CheckoutFacts>(
  'checkout_facts',
  sql`SELECT
        (SELECT id FROM orders
         WHERE user_id = ${param('userId', 'int')}
           AND idempotency_key = ${param('key', 'text')}) AS earlier_order_id,
        -- The array (and the time below) behind a sub-select: the planner cannot see them
        -- in any call, so PostgreSQL keeps one generic plan for the statement instead of
        -- planning every order anew.
        (SELECT coalesce(json_agg(l), '[]'::json) FROM (
           ${lineProductsSql(
             sql`(SELECT ${param('productIds', 'int[]')})::int[]`,
             sql`(SELECT ${param('now', 'timestamptz')})`,
           )}) l)
          AS products,
        (SELECT row_to_json(w) FROM (
           SELECT a.shop_name, a.shop_location, a.gst, a.registered, pl.id, pl.name, pl.rules,
                  pl.tiers, pl.min_order_paise, pl.min_order_pieces
           FROM wholesale_applications a
           LEFT JOIN wholesale_price_lists pl ON pl.id = a.price_list_id
           WHERE a.user_id = ${param('userId', 'int')} AND a.status = 'approved') w) AS wholesaler,
        ${unpaidHoldsSql(param('userId', 'int'), sql`(SELECT ${param('now', 'timestamptz')})`)}
          AS unpaid,
        s.unpaid_orders_max AS unpaid_max, s.pieces_per_size_max AS pieces_max,
        s.shipping_rates, s.dispatch_cutoff, s.delivery_days_same_city,
        s.delivery_days_same_state, s.delivery_days_metro, s.delivery_days_rest_of_india,
        s.delivery_days_north_east_jk, s.pincode, s.city, s.state
      FROM shop_settings s WHERE s.id = 1`,
);

/**
 * Reads the order's facts: the earlier order of a repeated key, the lines' products and sizes
 * (unlocked: the stock's conditional update decides), the shopper's wholesale terms, their
 * unpaid holds under the lock lockShopper took, the shop's limits, rates and delivery rules.
 */
export async function checkoutFacts(
  db: Queryable,
  f: { userId: number; key: string | null; productIds: readonly number[]; now: Date },
): Promise<CheckoutFacts> {
  const [row] = await factsStatement(db, {
    userId: f.userId,
    key: f.key,
    productIds: [...f.productIds],
    now: f.now.toISOString(),
  });
  if (!row) throw new Error('the shop settings row is missing');
  return row;
}

export interface NewOrder {
  userId: number;
  shippingAddress: Record<string, string>;
  state: string;
  mobileNumber: string;
  subtotalPaise: number;
  shippingPaise: number;
  discountPaise: number;
  codFeePaise: number;
  totalPaise: number;
  paymentMethod: 'Online' | 'COD';
  couponId: number | null;
  affiliateId: number | null;
  campaignCode: string | null;
  idempotencyKey: string | null;
  /** The end of the stock hold; null holds it with no end (COD: until confirmed or cancelled). */
  reservedUntil: Date | null;
  /** yyyy-mm-dd: the day the shopper was promised at checkout. */
  expectedDate: string;
  /** An approved wholesaler's shop as the B2B invoice prints it (decision 046). */
  wholesaleBuyer: { legal_name: string; address: string; gstin: string | null } | null;
  /** The shopper's first address, kept as their profile's if they have none (accounts). */
  firstAddress: AddressRow;
  /** Online orders: the provider the first payment attempt is for; null (COD): no attempt. */
  provider: string | null;
}

export interface NewOrderItem {
  productId: number;
  productName: string;
  productImageUrl: string;
  size: string;
  quantity: number;
  unitPricePaise: number;
  /** The line's share of the coupon's discount (0 without a coupon). */
  discountPaise: number;
  /** The print on the line's shirts, and its price per piece (within unitPricePaise). */
  print: { name: string; number: number | null; patch: boolean } | null;
  printPricePaise: number;
}

// The lines travel as one array a column, so any number of lines is the same fixed statement.
const placeOrderStatement = preparedStatement<{
  id: number;
  email: string;
  user_name: string;
  payment_id: number | null;
  payment_reference: string | null;
}>(
  'checkout_place_order',
  sql`WITH o AS (
        INSERT INTO orders (user_id, shipping_address, state, mobile_number, subtotal_paise,
                            shipping_paise, discount_paise, cod_fee_paise, total_paise,
                            payment_method, coupon_id, affiliate_id, campaign_code,
                            idempotency_key, reserved_until, expected_date, wholesale_buyer)
        VALUES (${param('userId', 'int')}, ${param('shippingAddress', 'jsonb')},
                ${param('state', 'text')}, ${param('mobileNumber', 'text')},
                ${param('subtotalPaise', 'int')}, ${param('shippingPaise', 'int')},
                ${param('discountPaise', 'int')}, ${param('codFeePaise', 'int')},
                ${param('totalPaise', 'int')}, ${param('paymentMethod', 'text')},
                ${param('couponId', 'int')}, ${param('affiliateId', 'int')},
                ${param('campaignCode', 'text')}, ${param('idempotencyKey', 'text')},
                ${param('reservedUntil', 'timestamptz')}, ${param('expectedDate', 'date')},
                ${param('wholesaleBuyer', 'jsonb')})
        RETURNING id),
      line AS (
        SELECT * FROM unnest(
          ${param('productIds', 'int[]')}, ${param('names', 'text[]')},
          ${param('images', 'text[]')}, ${param('sizes', 'text[]')},
          ${param('quantities', 'int[]')}, ${param('unitPrices', 'int[]')},
          ${param('discounts', 'int[]')}, ${param('printNames', 'text[]')},
          ${param('printNumbers', 'smallint[]')}, ${param('printPatches', 'boolean[]')},
          ${param('printPrices', 'int[]')})
          AS l(product_id, product_name, product_image_url, size, quantity, unit_price_paise,
               discount_paise, print_name, print_number, print_patch, print_price_paise)),
      items AS (
        INSERT INTO order_items (order_id, product_id, product_name, product_image_url, size,
                                 quantity, unit_price_paise, discount_paise, print_name,
                                 print_number, print_patch, print_price_paise)
        SELECT o.id, line.* FROM o, line),
      placed AS (
        INSERT INTO order_events (order_id, type, actor, note, data, created_at)
        SELECT o.id, 'placed', 'shopper', '', '{}'::jsonb, ${param('placedAt', 'timestamptz')}
        FROM o),
      first_address AS (
        INSERT INTO shipping_addresses (user_id, first_name, last_name, street_name, city,
                                        state, pincode, phone, updated_at)
        VALUES (${param('userId', 'int')}, ${param('firstName', 'text')},
                ${param('lastName', 'text')}, ${param('streetName', 'text')},
                ${param('addressCity', 'text')}, ${param('addressState', 'text')},
                ${param('addressPincode', 'text')}, ${param('addressPhone', 'text')},
                ${param('placedAt', 'timestamptz')})
        ON CONFLICT (user_id) DO NOTHING),
      ordered AS (
        DELETE FROM cart_items c
        WHERE c.user_id = ${param('userId', 'int')}
          AND (c.product_id, c.size, c.print_name, coalesce(c.print_number::int, -1),
               c.print_patch) IN (
            SELECT product_id, size, print_name, coalesce(print_number::int, -1), print_patch
            FROM line)),
      attempt AS (
        INSERT INTO payments (order_id, provider, provider_ref, amount_paise, payment_url)
        SELECT o.id, ${param('provider', 'text')}, 'order-' || o.id || '-1',
               ${param('totalPaise', 'int')}, ''
        FROM o WHERE ${param('provider', 'text')} IS NOT NULL
        RETURNING id, provider_ref)
      SELECT o.id, u.email, u.name AS user_name, attempt.id AS payment_id,
             attempt.provider_ref AS payment_reference
      FROM o JOIN users u ON u.id = ${param('userId', 'int')}
      LEFT JOIN attempt ON true`,
);

/**
 * Writes a shopper's new order in one statement: the order, its lines and its 'placed' event
 * (the shopper as actor); their first address as their profile's when they have none (one
 * they saved is never replaced); the cart lines it orders, removed; and an online order's
 * first payment attempt (its reference `order-<id>-1`, its page asked for after the commit).
 * Returns the order's id, the shopper's email and name, and the attempt's id and reference.
 */
export async function insertPlacedOrder(
  db: Queryable,
  o: NewOrder,
  items: readonly NewOrderItem[],
  placedAt: Date,
) {
  const [row] = await placeOrderStatement(db, {
    ...o,
    shippingAddress: JSON.stringify(o.shippingAddress),
    reservedUntil: o.reservedUntil?.toISOString() ?? null,
    wholesaleBuyer: o.wholesaleBuyer === null ? null : JSON.stringify(o.wholesaleBuyer),
    firstName: o.firstAddress.firstName,
    lastName: o.firstAddress.lastName,
    streetName: o.firstAddress.streetName,
    addressCity: o.firstAddress.city,
    addressState: o.firstAddress.state,
    addressPincode: o.firstAddress.pincode,
    addressPhone: o.firstAddress.phone,
    productIds: items.map((i) => i.productId),
    names: items.map((i) => i.productName),
    images: items.map((i) => i.productImageUrl),
    sizes: items.map((i) => i.size),
    quantities: items.map((i) => i.quantity),
    unitPrices: items.map((i) => i.unitPricePaise),
    discounts: items.map((i) => i.discountPaise),
    printNames: items.map((i) => i.print?.name ?? ''),
    printNumbers: items.map((i) => i.print?.number ?? null),
    printPatches: items.map((i) => i.print?.patch ?? false),
    printPrices: items.map((i) => i.printPricePaise),
    placedAt: placedAt.toISOString(),
  });
  if (!row) throw new Error('the order insert returned no row');
  return row;
}
