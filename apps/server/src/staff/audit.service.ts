// The audit log: every back-office change is written by the service that makes it, inside
// the same transaction, with who, from where, what, and the fields before and after. Entries
// are never changed or removed (a trigger refuses it).
import type { AuditActor, AuditEntry, AuditQuery } from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { indianMidnight } from '../indian-days.js';
import * as q from './audit.queries.js';

/** Who acts without a staff member's session: named, so the log never guesses. */
export type SystemActor = Exclude<AuditActor, 'staff'>;

/** Who acts: a staff member, or a named part of the shop or the world outside it; the IP. */
export type Actor =
  { staffId: number; ip: string | null } | { staffId: null; ip: string | null; by: SystemActor };

export const COMMAND_LINE: Actor = { staffId: null, ip: null, by: 'command_line' };
/** A courier's tracking webhook (a delivery completing an order, a parcel back at the shop). */
export const COURIER: Actor = { staffId: null, ip: null, by: 'courier' };
/** The shop's own timed sweeps (an erasure that waited for its orders). */
export const SWEEP: Actor = { staffId: null, ip: null, by: 'sweep' };

const actorOf = (actor: Actor): AuditActor => (actor.staffId === null ? actor.by : 'staff');

export interface Change {
  entity: string;
  entityId: string | number;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one entry; call it with the transaction that makes the change. */
export async function record(tx: Queryable, actor: Actor, change: Change, now = new Date()) {
  await q.insertEntry(tx, {
    staffId: actor.staffId,
    actor: actorOf(actor),
    ip: actor.ip,
    entity: change.entity,
    entityId: String(change.entityId),
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
    at: now,
  });
}

/** Writes one entry per change in bulk (a CSV import); call it with the transaction. */
export async function recordMany(
  tx: Queryable,
  actor: Actor,
  changes: readonly Change[],
  now = new Date(),
) {
  await q.insertEntries(
    tx,
    changes.map((change) => ({
      staffId: actor.staffId,
      actor: actorOf(actor),
      ip: actor.ip,
      entity: change.entity,
      entityId: String(change.entityId),
      action: change.action,
      before: change.before ?? null,
      after: change.after ?? null,
      at: now,
    })),
  );
}

/** A page of the log, newest first; `next_before` pages on. */
export async function listAudit(
  db: Queryable,
  query: z.output<typeof AuditQuery>,
): Promise<{ entries: AuditEntry[]; next_before: number | null }> {
  const rows = await q.listEntries(db, {
    entity: query.entity,
    staffId: query.staff_id,
    from: query.from === undefined ? undefined : indianMidnight(query.from),
    until: query.to === undefined ? undefined : indianMidnight(query.to, 1),
    beforeId: query.before,
    limit: query.limit,
  });
  const entries = rows.map(({ entry, staffName }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    staff_id: entry.staffId,
    staff_name: staffName,
    // Entries written before the actor was named, with no staff member: the command line.
    actor: entry.staffId !== null ? 'staff' : (entry.actor ?? 'command_line'),
    ip: entry.ip,
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    before: asRecord(entry.before),
    after: asRecord(entry.after),
  }));
  const last = entries.at(-1);
  return { entries, next_before: entries.length === query.limit && last ? last.id : null };
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
