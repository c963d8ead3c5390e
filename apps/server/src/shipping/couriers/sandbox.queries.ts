// SQL of the sandbox courier's plan (schema: sandbox_courier_events): the tracking events it
// will post to our webhook, each due at its time, posted once.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/index.js';
import { queryRows } from '../../db/index.js';
import type { ShipmentState } from './courier.js';

export interface PlannedEvent {
  state: ShipmentState;
  location: string | null;
  note: string | null;
  dueAt: Date;
}

export interface SandboxEventRow {
  id: number;
  awb: string;
  state: ShipmentState;
  location: string | null;
  note: string | null;
  due_at: Date;
  posted_at: Date | null;
  attempts: number;
}

/** How many events were ever planned for the waybill (0: the parcel was never booked). */
export async function countPlanned(db: Queryable, awb: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM sandbox_courier_events WHERE awb = ${awb}`,
  );
  return row?.n ?? 0;
}

export async function plan(db: Queryable, awb: string, events: readonly PlannedEvent[]) {
  for (const e of events) {
    await db.execute(
      sql`INSERT INTO sandbox_courier_events (awb, state, location, note, due_at)
          VALUES (${awb}, ${e.state}, ${e.location}, ${e.note}, ${e.dueAt.toISOString()}::timestamptz)`,
    );
  }
}

/** The states already posted for the waybill, oldest first. */
export async function postedStates(db: Queryable, awb: string): Promise<ShipmentState[]> {
  const rows = await queryRows<{ state: ShipmentState }>(
    db,
    sql`SELECT state FROM sandbox_courier_events WHERE awb = ${awb} AND posted_at IS NOT NULL
        ORDER BY due_at, id`,
  );
  return rows.map((r) => r.state);
}

/** Drops the events not yet posted (a canceled parcel, or a new plan after a failed delivery). */
export async function dropUnposted(db: Queryable, awb: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM sandbox_courier_events WHERE awb = ${awb} AND posted_at IS NULL RETURNING id`,
  );
  return rows.length;
}

/**
 * Claims the first unposted event of each waybill (in the plan's order: a later one waits
 * for it, even when its post failed and was put off) that is due, at most `limit`: each is
 * leased until `leaseUntil`, so another process sweeping at the same time leaves it alone and
 * a process that dies mid-post leaves it for the next sweep.
 */
export async function claimDue(
  db: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<SandboxEventRow[]> {
  return queryRows<SandboxEventRow>(
    db,
    sql`UPDATE sandbox_courier_events e SET due_at = ${leaseUntil.toISOString()}::timestamptz
        WHERE e.id IN (
          SELECT id FROM (
            SELECT DISTINCT ON (awb) id, due_at FROM sandbox_courier_events
            WHERE posted_at IS NULL ORDER BY awb, id
          ) first
          WHERE first.due_at <= ${now.toISOString()}::timestamptz
          ORDER BY first.due_at LIMIT ${limit}
        )
        -- Checked again on the row as it is once its lock is ours: a claim that waited on
        -- another process's finds the event leased (due later) and leaves it.
        AND e.posted_at IS NULL AND e.due_at <= ${now.toISOString()}::timestamptz
        RETURNING e.id, e.awb, e.state, e.location, e.note, e.due_at, e.posted_at, e.attempts`,
  );
}

/**
 * The event as posted at `at`. An event posted twice (a second sweep claimed it once the
 * first one's lease ran out mid-post) keeps its first time: the shop kept the first copy and
 * took the second as a duplicate.
 */
export async function markPosted(db: Queryable, id: number, at: Date) {
  await db.execute(
    sql`UPDATE sandbox_courier_events
        SET posted_at = coalesce(posted_at, ${at.toISOString()}::timestamptz),
          attempts = attempts + 1
        WHERE id = ${id}`,
  );
}

/** A post that failed: tried again at `retryAt`, and so are the waybill's later events. */
export async function markFailed(db: Queryable, id: number, retryAt: Date) {
  await db.execute(
    sql`UPDATE sandbox_courier_events SET due_at = ${retryAt.toISOString()}::timestamptz,
          attempts = attempts + 1
        WHERE id = ${id}`,
  );
}
