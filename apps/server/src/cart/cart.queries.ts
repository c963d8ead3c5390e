// SQL of the server cart: lines joined with their product and the stock of their size.
import { sql, type SQL } from 'drizzle-orm';
import { liveSessionUserSql } from '../accounts/index.js';
import type { Queryable } from '../db/index.js';
import { preparedStatement, queryRows } from '../db/index.js';

export interface CartLineRow {
  product_id: number;
  name: string;
  image_url: string;
  price_paise: number;
  discount_price_paise: number;
  size: string;
  quantity: number;
  stock: number;
  /** The line's print ('' / null / false: none) and the product's printing prices now. */
  print_name: string;
  print_number: number | null;
  print_patch: boolean;
  print_name_paise: number | null;
  print_number_paise: number | null;
  print_patch_paise: number | null;
}

/** A line's print as stored: '' / null / false is the plain shirt. */
export interface LinePrint {
  name: string;
  number: number | null;
  patch: boolean;
}

export const NO_PRINT: LinePrint = { name: '', number: null, patch: false };

/**
 * The cart lines of `lines` (a relation of product_id, size, quantity, added_at and the print
 * columns) as one JSON array of CartLineRow: lines of active products only, printed lines only
 * while the product prints, oldest first, sizes in the shop's order.
 */
function linesJson(lines: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object(
                'product_id', l.product_id, 'name', p.name, 'image_url', p.image_url,
                'price_paise', p.price_paise, 'discount_price_paise', p.discount_price_paise,
                'size', l.size, 'quantity', l.quantity, 'stock', ps.stock,
                'print_name', l.print_name, 'print_number', l.print_number,
                'print_patch', l.print_patch, 'print_name_paise', pp.name_paise,
                'print_number_paise', pp.number_paise, 'print_patch_paise', pp.patch_paise)
              ORDER BY l.added_at, l.product_id, ps.position), '[]')
            FROM ${lines} l
            JOIN products p ON p.id = l.product_id
            JOIN product_sizes ps ON ps.product_id = l.product_id AND ps.size = l.size
            LEFT JOIN product_printing pp ON pp.product_id = l.product_id AND pp.enabled
            WHERE p.active
              AND (pp.product_id IS NOT NULL
                OR (l.print_name = '' AND l.print_number IS NULL AND NOT l.print_patch)))`;
}

/**
 * Adds `quantity` to the line of `shopper`'s user (a relation with user_id; no row: nothing
 * is added), creating it, never beyond the size's stock. Sizes that are unknown, sold out or
 * of an inactive product are left alone. One statement, so two concurrent adds cannot both
 * pass the cap.
 */
function upsertLine(
  shopper: SQL,
  productId: SQL,
  size: SQL,
  quantity: SQL,
  print: { name: SQL; number: SQL; patch: SQL },
): SQL {
  return sql`INSERT INTO cart_items (user_id, product_id, size, quantity, print_name, print_number,
                                     print_patch)
    SELECT shopper.user_id, ps.product_id, ps.size, LEAST(${quantity}, ps.stock), ${print.name},
           ${print.number}, ${print.patch}
    FROM ${shopper} shopper, product_sizes ps JOIN products p ON p.id = ps.product_id
    WHERE ps.product_id = ${productId} AND ps.size = ${size} AND ps.stock > 0 AND p.active
    ON CONFLICT ON CONSTRAINT cart_items_line_uq DO UPDATE
    SET quantity = GREATEST(1, LEAST(
      cart_items.quantity + ${quantity},
      (SELECT s.stock FROM product_sizes s
        WHERE s.product_id = EXCLUDED.product_id AND s.size = EXCLUDED.size)))`;
}

/** The user's lines of active products, oldest first, sizes in the shop's order. */
export async function cartLines(db: Queryable, userId: number): Promise<CartLineRow[]> {
  const [row] = await queryRows<{ lines: CartLineRow[] }>(
    db,
    sql`SELECT ${linesJson(
      sql`(SELECT ${lineColumns} FROM cart_items WHERE user_id = ${userId})`,
    )} AS lines`,
  );
  return row?.lines ?? [];
}

/** The session a cart statement acts on: the claim's, checked by the statement itself. */
export interface ClaimedSession {
  key: string;
  userId: number;
  now: Date;
}

const lineColumns = sql`product_id, size, quantity, added_at, print_name, print_number, print_patch`;

const claimValues = (claim: ClaimedSession) => ({
  key: claim.key,
  now: claim.now.toISOString(),
  userId: claim.userId,
});

const userIdParam = sql`${sql.placeholder('userId')}::int`;

// `session`: the user of the claim's session if it is live. `shopper`: that user when it is
// the one the body names; the cart is touched only through it. A cart line is not money, so
// a statement that writes through `shopper` commits without waiting for the WAL flush
// (decision 009): the set_config is evaluated exactly when the shopper's row is read.
const claimCtes = sql`session AS (${liveSessionUserSql(
  sql`${sql.placeholder('key')}::text`,
  sql`${sql.placeholder('now')}::timestamptz`,
)}),
  shopper AS (
    SELECT user_id, set_config('synchronous_commit', 'off', true) AS async_commit
    FROM session WHERE user_id = ${userIdParam}
  )`;

export interface AddOutcome {
  /** The user of the claim's live session; null: none. Nothing was added unless it is the claim's. */
  session_user_id: number | null;
  /** Whether the product is active; null: no such product. */
  active: boolean | null;
  /** The stock of the size; null: the product has no such size. */
  stock: number | null;
  /** The cart after the add (empty unless the session is the claim's). */
  lines: CartLineRow[];
}

const productIdParam = sql`${sql.placeholder('productId')}::int`;
const sizeParam = sql`${sql.placeholder('size')}::text`;
const quantityParam = sql`${sql.placeholder('quantity')}::int`;
const printParams = {
  name: sql`${sql.placeholder('printName')}::text`,
  number: sql`${sql.placeholder('printNumber')}::smallint`,
  patch: sql`${sql.placeholder('printPatch')}::boolean`,
};

// The hot call of the cart (every Add to Cart of a logged-in shopper): the session check,
// the size check, the upsert and the cart read back in one round trip. The statement's
// snapshot predates its own insert, so the cart is its other lines plus the upserted one.
const addStatement = preparedStatement<AddOutcome>(
  'cart_add',
  sql`WITH ${claimCtes},
  size AS (
    SELECT p.active, ps.stock
    FROM products p
    LEFT JOIN product_sizes ps ON ps.product_id = p.id AND ps.size = ${sizeParam}
    WHERE p.id = ${productIdParam}
  ),
  added AS (
    ${upsertLine(sql`shopper`, productIdParam, sizeParam, quantityParam, printParams)}
    RETURNING ${lineColumns}
  ),
  lines AS (
    SELECT ${lineColumns} FROM cart_items
    WHERE user_id IN (SELECT user_id FROM shopper)
      AND NOT (product_id = ${productIdParam} AND size = ${sizeParam}
               AND print_name = ${printParams.name}
               AND print_number IS NOT DISTINCT FROM ${printParams.number}
               AND print_patch = ${printParams.patch})
    UNION ALL
    SELECT ${lineColumns} FROM added
  )
  SELECT (SELECT user_id FROM session) AS session_user_id,
         (SELECT active FROM size) AS active,
         (SELECT stock FROM size) AS stock,
         ${linesJson(sql`lines`)} AS lines`,
);

/**
 * For the claim's live session, if it is the claim's user: adds to the line (see upsertLine)
 * and reads the cart back. Returns what the service needs to tell why nothing was added.
 */
export async function addToCart(
  db: Queryable,
  claim: ClaimedSession,
  line: { productId: number; size: string; quantity: number; print: LinePrint },
): Promise<AddOutcome> {
  const { print, ...rest } = line;
  const [row] = await addStatement(db, {
    ...claimValues(claim),
    ...rest,
    printName: print.name,
    printNumber: print.number,
    printPatch: print.patch,
  });
  if (!row) throw new Error('the cart add statement returned no row');
  return row;
}

const clearStatement = preparedStatement<{ session_user_id: number | null }>(
  'cart_clear',
  sql`WITH ${claimCtes},
  cleared AS (
    DELETE FROM cart_items ci USING shopper WHERE ci.user_id = shopper.user_id
  )
  SELECT (SELECT user_id FROM session) AS session_user_id`,
);

/**
 * Empties the cart of the claim's user if the claim's session is live and theirs; returns
 * the session's user (null: none).
 */
export async function clearCart(db: Queryable, claim: ClaimedSession): Promise<number | null> {
  const [row] = await clearStatement(db, claimValues(claim));
  return row?.session_user_id ?? null;
}

/** Adds to the user's line (see upsertLine). */
export async function addToLine(
  db: Queryable,
  userId: number,
  productId: number,
  size: string,
  quantity: number,
  print: LinePrint,
): Promise<void> {
  await db.execute(
    upsertLine(
      sql`(SELECT ${userId}::int AS user_id)`,
      sql`${productId}::int`,
      sql`${size}::text`,
      sql`${quantity}::int`,
      {
        name: sql`${print.name}::text`,
        number: sql`${print.number}::smallint`,
        patch: sql`${print.patch}::boolean`,
      },
    ),
  );
}

/** Takes `quantity` off the line; a line that would reach 0 or less is removed. */
export async function reduceLine(
  db: Queryable,
  userId: number,
  productId: number,
  size: string,
  quantity: number,
  print: LinePrint,
): Promise<void> {
  const line = sql`user_id = ${userId} AND product_id = ${productId} AND size = ${size}
    AND print_name = ${print.name} AND print_number IS NOT DISTINCT FROM ${print.number}::smallint
    AND print_patch = ${print.patch}`;
  await db.execute(sql`DELETE FROM cart_items WHERE ${line} AND quantity <= ${quantity}`);
  await db.execute(sql`UPDATE cart_items SET quantity = quantity - ${quantity} WHERE ${line}`);
}
