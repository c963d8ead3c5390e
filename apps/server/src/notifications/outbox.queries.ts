// SQL of the notification outbox (schema: outbox): messages written beside the events that
// cause them, claimed by workers, marked sent or retried.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface NewOutboxRow {
  /** 'email' unless said (a WhatsApp message's recipient is its number). */
  channel?: 'email' | 'whatsapp';
  template: string;
  recipient: string;
  data: Record<string, unknown>;
  orderId: number | null;
  dedupeKey: string | null;
}

/** Writes a message; with a dedupe key already written, nothing (returns null). */
export async function insertMessage(db: Queryable, m: NewOutboxRow): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO outbox (channel, template, recipient, data, order_id, dedupe_key)
        VALUES (${m.channel ?? 'email'}, ${m.template}, ${m.recipient}, ${JSON.stringify(m.data)}::jsonb, ${m.orderId},
                ${m.dedupeKey})
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING id`,
  );
  return row ? Number(row.id) : null;
}

/** A message a worker has claimed: leased until it is marked, and its attempt counted. */
export interface ClaimedRow {
  id: number;
  channel: 'email' | 'whatsapp';
  template: string;
  recipient: string;
  data: unknown;
  /** Counting this one: the claim's token (a later claim of the same row counts one more). */
  attempts: number;
  created_at: Date | string;
}

/**
 * Claims up to `limit` due messages, oldest due first: rows another worker holds are skipped
 * (FOR UPDATE SKIP LOCKED), and each claimed row is leased (not due again for `leaseMs`) and
 * its attempt counted in the same statement, so it stays this worker's after the commit.
 */
export async function claimDue(
  db: Queryable,
  limit: number,
  leaseMs: number,
): Promise<ClaimedRow[]> {
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`UPDATE outbox o
        SET attempts = o.attempts + 1,
            next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
        FROM (SELECT id FROM outbox
              WHERE status = 'pending' AND next_attempt_at <= now()
              ORDER BY next_attempt_at, id
              LIMIT ${limit}
              FOR UPDATE SKIP LOCKED) due
        WHERE o.id = due.id
        RETURNING o.id, o.channel, o.template, o.recipient, o.data, o.attempts, o.created_at`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
}

/** The claim a worker holds: the row is still pending and no later claim has counted. */
const held = (id: number, attempts: number) =>
  sql`id = ${id} AND status = 'pending' AND attempts = ${attempts}`;

/** Marks a claimed message sent; false when the claim was no longer this worker's. */
export async function markSent(db: Queryable, id: number, attempts: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE outbox SET status = 'sent', sent_at = now() WHERE ${held(id, attempts)} RETURNING id`,
  );
  return rows.length > 0;
}

/** After a failed attempt: due again in `delayMs`, with the error. */
export async function markRetry(
  db: Queryable,
  id: number,
  attempts: number,
  delayMs: number,
  error: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE outbox
        SET next_attempt_at = now() + ${delayMs} * interval '1 millisecond', last_error = ${error}
        WHERE ${held(id, attempts)} RETURNING id`,
  );
  return rows.length > 0;
}

/** Gives up on a message: it is never tried again. */
/** A message no longer due when its turn came (its template's stillDue said so). */
export async function markCanceled(db: Queryable, id: number, attempts: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE outbox SET status = 'canceled', last_error = 'no longer due'
        WHERE ${held(id, attempts)} RETURNING id`,
  );
  return rows.length > 0;
}

export async function markDead(
  db: Queryable,
  id: number,
  attempts: number,
  error: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE outbox SET status = 'dead', last_error = ${error}
        WHERE ${held(id, attempts)} RETURNING id`,
  );
  return rows.length > 0;
}

/** Hands back a claimed message that was not tried (a stopping worker): due now, uncounted. */
export async function release(db: Queryable, id: number, attempts: number): Promise<void> {
  await db.execute(
    sql`UPDATE outbox SET next_attempt_at = now(), attempts = attempts - 1
        WHERE ${held(id, attempts)}`,
  );
}
