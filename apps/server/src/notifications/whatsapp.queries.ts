// SQL of WhatsApp order updates (decision 066): shoppers' opt-ins and opt-outs
// (whatsapp_consents), and the Cloud API's message ids and statuses (whatsapp_messages).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface ConsentRow {
  id: number;
  phone: string;
  wording: string;
  opted_in_at: Date;
  opted_out_at: Date | null;
}

/** The shopper's latest consent row: their current choice. */
export async function latestConsent(db: Queryable, userId: number): Promise<ConsentRow | null> {
  const [row] = await queryRows<ConsentRow>(
    db,
    sql`SELECT id, phone, wording, opted_in_at, opted_out_at FROM whatsapp_consents
        WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
  );
  return row ?? null;
}

export async function insertConsent(
  db: Queryable,
  c: { userId: number; phone: string; wording: string; at: Date },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO whatsapp_consents (user_id, phone, wording, opted_in_at)
        VALUES (${c.userId}, ${c.phone}, ${c.wording}, ${c.at})`,
  );
}

/** Stamps the shopper's open opt-ins as ended; returns how many. */
export async function optOutUser(db: Queryable, userId: number, at: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE whatsapp_consents SET opted_out_at = ${at}, opted_out_by = 'account'
        WHERE user_id = ${userId} AND opted_out_at IS NULL RETURNING id`,
  );
  return rows.length;
}

/** Stamps every open opt-in of a number as ended by a STOP from it; returns how many. */
export async function optOutNumber(db: Queryable, phone: string, at: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE whatsapp_consents SET opted_out_at = ${at}, opted_out_by = 'stop'
        WHERE phone = ${phone} AND opted_out_at IS NULL RETURNING id`,
  );
  return rows.length;
}

/** Records the Cloud API's id for a message it accepted. */
export async function insertAccepted(db: Queryable, outboxId: number, wamid: string) {
  await db.execute(
    sql`INSERT INTO whatsapp_messages (outbox_id, wamid) VALUES (${outboxId}, ${wamid})
        ON CONFLICT (outbox_id) DO UPDATE SET wamid = EXCLUDED.wamid, status = 'accepted',
          error = NULL, status_at = now()`,
  );
}

/**
 * A status the webhook reported, kept only when it is further along than the one stored
 * (deliveries arrive out of order: a 'delivered' after 'read' changes nothing); returns
 * whether the message is one of ours.
 */
export async function applyStatus(
  db: Queryable,
  s: { wamid: string; status: string; rank: number; error: string | null; at: Date },
): Promise<boolean> {
  const [known] = await queryRows<{ outbox_id: number }>(
    db,
    sql`SELECT outbox_id FROM whatsapp_messages WHERE wamid = ${s.wamid}`,
  );
  if (!known) return false;
  await db.execute(
    sql`UPDATE whatsapp_messages SET status = ${s.status}, error = ${s.error}, status_at = ${s.at}
        WHERE wamid = ${s.wamid}
          AND ${s.rank} > CASE status WHEN 'accepted' THEN 0 WHEN 'sent' THEN 1
                                      WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 4 END`,
  );
  return true;
}

export interface OrderWhatsAppRow {
  id: number;
  template: string;
  recipient: string;
  outbox_status: 'pending' | 'sent' | 'dead';
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  status: 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | null;
  error: string | null;
  status_at: Date | null;
}

/** The WhatsApp messages written for an order, oldest first, with what became of them. */
export async function messagesOfOrder(db: Queryable, orderId: number): Promise<OrderWhatsAppRow[]> {
  const rows = await queryRows<OrderWhatsAppRow>(
    db,
    sql`SELECT o.id, o.template, o.recipient, o.status AS outbox_status, o.last_error,
               o.created_at, o.sent_at, m.status, m.error, m.status_at
        FROM outbox o LEFT JOIN whatsapp_messages m ON m.outbox_id = o.id
        WHERE o.order_id = ${orderId} AND o.channel = 'whatsapp'
        ORDER BY o.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** WhatsApp messages given up on, or reported failed, since `since`. */
export async function failedSince(db: Queryable, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n
        FROM outbox o LEFT JOIN whatsapp_messages m ON m.outbox_id = o.id
        WHERE o.channel = 'whatsapp' AND o.created_at >= ${since}
          AND (o.status = 'dead' OR m.status = 'failed')`,
  );
  return Number(row?.n ?? 0);
}
