// SQL of feedback.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export async function insertFeedback(
  db: Queryable,
  text: string,
  userId: number | undefined,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO feedback (feedback, user_id) VALUES (${text}, ${userId ?? null})`,
  );
}

// ── the back office ──

export interface AdminFeedbackRow {
  id: number;
  feedback: string;
  created_at: Date | string;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  handled_at: Date | string | null;
  handled_by: number | null;
  handled_by_name: string | null;
}

const adminFeedbackSelect = sql`
  SELECT f.id, f.feedback, f.created_at, f.user_id, u.name AS user_name, u.email AS user_email,
         f.handled_at, f.handled_by, s.name AS handled_by_name
  FROM feedback f LEFT JOIN users u ON u.id = f.user_id LEFT JOIN staff s ON s.id = f.handled_by`;

/** Waiting (or handled) entries newest first, older than `beforeId` when given. */
export async function listFeedback(
  db: Queryable,
  f: { handled: boolean; beforeId?: number; limit: number },
): Promise<AdminFeedbackRow[]> {
  const handled = f.handled ? sql`f.handled_at IS NOT NULL` : sql`f.handled_at IS NULL`;
  const before = f.beforeId === undefined ? sql`` : sql`AND f.id < ${f.beforeId}`;
  return queryRows<AdminFeedbackRow>(
    db,
    sql`${adminFeedbackSelect} WHERE ${handled} ${before} ORDER BY f.id DESC LIMIT ${f.limit}`,
  );
}

export async function unhandledCount(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM feedback WHERE handled_at IS NULL`,
  );
  return row?.n ?? 0;
}

export async function adminFeedback(
  db: Queryable,
  id: number,
): Promise<AdminFeedbackRow | undefined> {
  const [row] = await queryRows<AdminFeedbackRow>(
    db,
    sql`${adminFeedbackSelect} WHERE f.id = ${id}`,
  );
  return row;
}

/** Locks the entry for a change of its handled state; false when there is none. */
export async function lockFeedback(db: Queryable, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM feedback WHERE id = ${id} FOR UPDATE`,
  );
  return rows.length > 0;
}

/** Marks it handled by the staff member now, or waiting again. */
export async function setHandled(
  db: Queryable,
  id: number,
  handledBy: number | null,
): Promise<void> {
  await db.execute(
    handledBy === null
      ? sql`UPDATE feedback SET handled_at = NULL, handled_by = NULL WHERE id = ${id}`
      : sql`UPDATE feedback SET handled_at = now(), handled_by = ${handledBy} WHERE id = ${id}`,
  );
}
