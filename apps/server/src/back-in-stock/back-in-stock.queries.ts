// SQL of back-in-stock sign-ups (schema: back_in_stock_requests). The mails themselves are
// written by the trigger of migration 0020 (0032: confirmed requests only) when a size's stock
// goes from 0 to more.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

/**
 * The size's stock and the product's name, the size's row share-locked until the transaction
 * ends, so that a restock committing meanwhile waits for the sign-up (or confirmation) and
 * then mails it; undefined when the product is not for sale or has no such size.
 */
export async function lockSize(
  db: Queryable,
  productId: number,
  size: string,
): Promise<{ stock: number; name: string } | undefined> {
  const [row] = await queryRows<{ stock: number; name: string }>(
    db,
    sql`SELECT s.stock, p.name FROM product_sizes s JOIN products p ON p.id = s.product_id
         WHERE s.product_id = ${productId} AND s.size = ${size} AND p.active
           FOR SHARE OF s`,
  );
  return row;
}

export async function userEmail(db: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM users WHERE id = ${userId}`,
  );
  return row?.email;
}

/** The address's waiting request for the size, if any. */
export async function waitingRequest(
  db: Queryable,
  r: { productId: number; size: string; email: string },
): Promise<{ id: number; confirmed: boolean } | undefined> {
  const [row] = await queryRows<{ id: number; confirmed: boolean }>(
    db,
    sql`SELECT id::int AS id, confirmed_at IS NOT NULL AS confirmed FROM back_in_stock_requests
         WHERE product_id = ${r.productId} AND size = ${r.size} AND email = ${r.email}
           AND notified_at IS NULL
           FOR UPDATE`,
  );
  return row;
}

/**
 * Adds the address to the size's waiting list, confirmed (a shopper's own address) or with a
 * confirmation token's hash; returns the request's id.
 */
export async function insertRequest(
  db: Queryable,
  r: {
    productId: number;
    size: string;
    email: string;
    confirmed: boolean;
    tokenHash: string | null;
    expiresAt: Date | null;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO back_in_stock_requests
          (product_id, size, email, confirmed_at, confirm_token_hash, confirm_expires_at)
        VALUES (${r.productId}, ${r.size}, ${r.email},
                ${r.confirmed ? sql`now()` : null}, ${r.tokenHash},
                ${r.expiresAt?.toISOString() ?? null}::timestamptz)
        RETURNING id::int AS id`,
  );
  return row!.id;
}

/** A new confirmation token for an unconfirmed request (the guest asked again). */
export async function setToken(
  db: Queryable,
  id: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE back_in_stock_requests
           SET confirm_token_hash = ${tokenHash}, confirm_expires_at = ${expiresAt.toISOString()}::timestamptz
         WHERE id = ${id}`,
  );
}

/** A logged-in shopper asked for their own address: it is confirmed. */
export async function markConfirmed(db: Queryable, id: number): Promise<void> {
  await db.execute(
    sql`UPDATE back_in_stock_requests SET confirmed_at = coalesce(confirmed_at, now())
         WHERE id = ${id}`,
  );
}

export interface RequestRow {
  id: number;
  product_id: number;
  size: string;
  product_name: string;
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  confirmed_at: string | null;
  notified_at: string | null;
}

/** A request with its product's name; `lock` locks the request's row (take the size's first). */
export async function requestById(
  db: Queryable,
  id: number,
  lock = false,
): Promise<RequestRow | undefined> {
  const [row] = await queryRows<RequestRow>(
    db,
    sql`SELECT r.id::int AS id, r.product_id, r.size, p.name AS product_name,
               r.confirm_token_hash, r.confirm_expires_at, r.confirmed_at, r.notified_at
          FROM back_in_stock_requests r JOIN products p ON p.id = r.product_id
         WHERE r.id = ${id}${lock ? sql` FOR UPDATE OF r` : sql``}`,
  );
  return row;
}

/** Confirms a request; closed at once when its size is already back (nothing to mail). */
export async function confirmRequest(db: Queryable, id: number, inStock: boolean): Promise<void> {
  await db.execute(
    sql`UPDATE back_in_stock_requests
           SET confirmed_at = now(), notified_at = ${inStock ? sql`now()` : null}
         WHERE id = ${id}`,
  );
}

/** How many confirmed addresses wait for each size of the product, in the sizes' order. */
export function waitingBySize(
  db: Queryable,
  productId: number,
): Promise<{ size: string; waiting: number }[]> {
  return queryRows<{ size: string; waiting: number }>(
    db,
    sql`SELECT s.size, count(r.id)::int AS waiting
          FROM product_sizes s
          LEFT JOIN back_in_stock_requests r
            ON r.product_id = s.product_id AND r.size = s.size AND r.notified_at IS NULL
           AND r.confirmed_at IS NOT NULL
         WHERE s.product_id = ${productId}
         GROUP BY s.size, s.position ORDER BY s.position, s.size`,
  );
}
