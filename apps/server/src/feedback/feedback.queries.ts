// SQL of feedback.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';

export async function insertFeedback(
  db: Queryable,
  text: string,
  userId: number | undefined,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO feedback (feedback, user_id) VALUES (${text}, ${userId ?? null})`,
  );
}
