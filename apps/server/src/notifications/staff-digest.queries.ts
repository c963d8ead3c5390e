// SQL of the staff digest: the paid orders waiting to be packed or shipped (the index
// orders_to_pack_idx), and the staff who get the mail. Read-only.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface WaitingOrderRow {
  id: number;
  paid_at: Date | string;
  packed: boolean;
  items: number | string;
}

/**
 * Paid orders, and confirmed cash-on-delivery ones (paid on delivery), not yet shipped or
 * canceled, oldest first (a COD order from its confirmation).
 */
export async function ordersWaiting(db: Queryable, limit: number): Promise<WaitingOrderRow[]> {
  return queryRows<WaitingOrderRow>(
    db,
    sql`SELECT o.id, COALESCE(o.paid_at, o.cod_confirmed_at, o.created_at) AS paid_at,
               o.packed_at IS NOT NULL AS packed,
               (SELECT COALESCE(sum(i.quantity), 0) FROM order_items i WHERE i.order_id = o.id)
                 AS items
        FROM orders o
        WHERE (o.payment_status = 'SUCCESS' OR o.payment_method = 'COD')
          AND o.order_status = 'Processing'
        ORDER BY COALESCE(o.paid_at, o.cod_confirmed_at), o.id
        LIMIT ${limit}`,
  );
}

export async function countOrdersWaiting(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM orders
        WHERE (payment_status = 'SUCCESS' OR payment_method = 'COD')
          AND order_status = 'Processing'`,
  );
  return Number(row?.n ?? 0);
}

export interface DigestRecipientRow {
  id: number;
  email: string;
  name: string;
}

/** Staff who can sign in and whose work the digest is: owners, managers and packers. */
export async function digestRecipients(db: Queryable): Promise<DigestRecipientRow[]> {
  return queryRows<DigestRecipientRow>(
    db,
    sql`SELECT id, email, name FROM staff
        WHERE disabled_at IS NULL AND role IN ('owner', 'manager', 'packer')
        ORDER BY id`,
  );
}
