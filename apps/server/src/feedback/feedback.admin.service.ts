// Feedback as staff work through it: waiting entries first, each read in full and marked
// handled by whoever dealt with it (or waiting again), audited in the same transaction.
import type { AdminFeedback, FeedbackListResponse, FeedbackQuery } from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './feedback.queries.js';

export const FEEDBACK_NOT_FOUND = 'Feedback not found.';

const iso = (v: Date | string) => new Date(v).toISOString();

function toAdminFeedback(r: q.AdminFeedbackRow): AdminFeedback {
  return {
    id: r.id,
    feedback: r.feedback,
    created_at: iso(r.created_at),
    user:
      r.user_id === null
        ? null
        : { id: r.user_id, name: r.user_name ?? '', email: r.user_email ?? '' },
    handled_at: r.handled_at === null ? null : iso(r.handled_at),
    handled_by: r.handled_by === null ? null : { id: r.handled_by, name: r.handled_by_name ?? '' },
  };
}

const cursorOf = (r: q.AdminFeedbackRow) => `${r.handled_at === null ? 'u' : 'h'}${r.id}`;

/**
 * A page of feedback: waiting entries newest first, then (unless only waiting ones are asked
 * for) handled ones newest first. The cursor says which of the two it stopped in.
 */
export async function listFeedback(
  db: Queryable,
  query: z.output<typeof FeedbackQuery>,
): Promise<FeedbackListResponse> {
  const cursorHandled = query.after?.startsWith('h') ?? false;
  const cursorId = query.after === undefined ? undefined : Number(query.after.slice(1));
  const rows: q.AdminFeedbackRow[] = [];
  if (query.state !== 'handled' && !cursorHandled) {
    rows.push(
      ...(await q.listFeedback(db, { handled: false, beforeId: cursorId, limit: query.limit })),
    );
  }
  if (query.state !== 'unhandled' && rows.length < query.limit) {
    rows.push(
      ...(await q.listFeedback(db, {
        handled: true,
        beforeId: cursorHandled ? cursorId : undefined,
        limit: query.limit - rows.length,
      })),
    );
  }
  const last = rows.at(-1);
  return {
    feedback: rows.map(toAdminFeedback),
    unhandled: await q.unhandledCount(db),
    next_after: rows.length === query.limit && last ? cursorOf(last) : null,
  };
}

export async function getFeedback(db: Queryable, id: number): Promise<AdminFeedback> {
  const row = await q.adminFeedback(db, id);
  if (!row) throw new NotFound(FEEDBACK_NOT_FOUND);
  return toAdminFeedback(row);
}

/** Marks the entry handled by the acting staff member, or waiting again. */
export async function setFeedbackHandled(
  db: Queryable,
  actor: Actor,
  id: number,
  handled: boolean,
): Promise<AdminFeedback> {
  return db.transaction(async (tx) => {
    if (!(await q.lockFeedback(tx, id))) throw new NotFound(FEEDBACK_NOT_FOUND);
    const before = await getFeedback(tx, id);
    if ((before.handled_at !== null) === handled) return before;
    await q.setHandled(tx, id, handled ? actor.staffId : null);
    const after = await getFeedback(tx, id);
    await record(tx, actor, {
      entity: 'feedback',
      entityId: id,
      action: handled ? 'handle' : 'reopen',
      before: { handled_at: before.handled_at, handled_by: before.handled_by?.id ?? null },
      after: { handled_at: after.handled_at, handled_by: after.handled_by?.id ?? null },
    });
    return after;
  });
}
