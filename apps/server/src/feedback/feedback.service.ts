// Feedback rules: trimmed, not blank, bounded (the form's rule and texts), from anyone.
import { FeedbackText } from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { Invalid } from '../domain-errors.js';
import * as q from './feedback.queries.js';

/** Stores a feedback text, with the user when one is logged in. */
export async function sendFeedback(
  db: Queryable,
  text: string | null | undefined,
  userId: number | undefined,
): Promise<void> {
  const parsed = FeedbackText.safeParse(text);
  if (!parsed.success) {
    throw new Invalid(parsed.error.issues[0]?.message ?? 'The feedback is not valid.');
  }
  await q.insertFeedback(db, parsed.data, userId);
}
