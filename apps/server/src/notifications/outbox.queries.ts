// SQL of the notification outbox (schema: outbox): messages written beside the events that
// cause them, claimed by workers, marked sent or retried.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';

export interface NewOutboxRow {
  template: string;
  recipient: string;
  data: Record<string, unknown>;
  orderId: number | null;
  dedupeKey: string | null;
}

/** Writes a message; with a dedupe key already written, nothing (answers null). */
export async function insertMessage(db: Queryable, m: NewOutboxRow): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO outbox (template, recipient, data, order_id, dedupe_key)
        VALUES (${m.template}, ${m.recipient}, ${JSON.stringify(m.data)}::jsonb, ${m.orderId},
                ${m.dedupeKey})
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING id`,
  );
  return row ? Number(row.id) : null;
}
