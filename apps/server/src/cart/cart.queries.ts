// SQL of the server cart: lines joined with their product and the stock of their size.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';

export interface CartLineRow {
  product_id: number;
  name: string;
  image_url: string;
  price_paise: number;
  discount_price_paise: number;
  size: string;
  quantity: number;
  stock: number;
}

/** The user's lines of active products, oldest first, sizes in the shop's order. */
export async function cartLines(db: Queryable, userId: number): Promise<CartLineRow[]> {
  return queryRows<CartLineRow>(
    db,
    sql`SELECT ci.product_id, p.name, p.image_url, p.price_paise, p.discount_price_paise,
               ci.size, ci.quantity, ps.stock
        FROM cart_items ci
        JOIN products p ON p.id = ci.product_id
        JOIN product_sizes ps ON ps.product_id = ci.product_id AND ps.size = ci.size
        WHERE ci.user_id = ${userId} AND p.active
        ORDER BY ci.added_at, ci.product_id, ps.position`,
  );
}

export interface SizeStockRow {
  active: boolean;
  stock: number | null;
}

/** Whether the product exists (and is active), and the stock of the size (null: no such size). */
export async function sizeStock(
  db: Queryable,
  productId: number,
  size: string,
): Promise<SizeStockRow | undefined> {
  const [row] = await queryRows<SizeStockRow>(
    db,
    sql`SELECT p.active, ps.stock
        FROM products p
        LEFT JOIN product_sizes ps ON ps.product_id = p.id AND ps.size = ${size}
        WHERE p.id = ${productId}`,
  );
  return row;
}

/**
 * Adds to the line (creating it), never beyond the size's stock. Sizes that are unknown,
 * sold out or of an inactive product are left alone. One statement, so two concurrent adds
 * cannot both pass the cap.
 */
export async function addToLine(
  db: Queryable,
  userId: number,
  productId: number,
  size: string,
  quantity: number,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO cart_items (user_id, product_id, size, quantity)
        SELECT ${userId}, ps.product_id, ps.size, LEAST(${quantity}::int, ps.stock)
        FROM product_sizes ps JOIN products p ON p.id = ps.product_id
        WHERE ps.product_id = ${productId} AND ps.size = ${size} AND ps.stock > 0 AND p.active
        ON CONFLICT (user_id, product_id, size) DO UPDATE
        SET quantity = GREATEST(1, LEAST(
          cart_items.quantity + ${quantity}::int,
          (SELECT s.stock FROM product_sizes s
            WHERE s.product_id = EXCLUDED.product_id AND s.size = EXCLUDED.size)))`,
  );
}

/** Takes `quantity` off the line; a line that would reach 0 or less is removed. */
export async function reduceLine(
  db: Queryable,
  userId: number,
  productId: number,
  size: string,
  quantity: number,
): Promise<void> {
  await db.execute(
    sql`DELETE FROM cart_items
        WHERE user_id = ${userId} AND product_id = ${productId} AND size = ${size}
          AND quantity <= ${quantity}`,
  );
  await db.execute(
    sql`UPDATE cart_items SET quantity = quantity - ${quantity}
        WHERE user_id = ${userId} AND product_id = ${productId} AND size = ${size}`,
  );
}

export async function clearCart(db: Queryable, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM cart_items WHERE user_id = ${userId}`);
}

/** Removes the given (product, size) lines of the user. */
export async function removeLines(
  db: Queryable,
  userId: number,
  lines: readonly { productId: number; size: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  const pairs = sql.join(
    lines.map((l) => sql`(${l.productId}::int, ${l.size}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`DELETE FROM cart_items WHERE user_id = ${userId} AND (product_id, size) IN (${pairs})`,
  );
}
