// Feedback call: feedback.php, from the footer form, for visitors and logged-in users.
import { z } from 'zod';
import { OptionalUserId } from './common.js';

/** The spec's text for blank feedback; the server returns it as its error too. */
export const FEEDBACK_BLANK_MESSAGE = 'please write your feedback and send to us.';
/** What the web app shows after a success (spec section 8). */
export const FEEDBACK_THANKS_MESSAGE = 'Thankyou! , your feedback is important for us.';
export const FEEDBACK_MAX_LENGTH = 2000;

/** The feedback text's rule, shared by the form and the server. */
export const FeedbackText = z
  .string({ error: FEEDBACK_BLANK_MESSAGE })
  .trim()
  .min(1, FEEDBACK_BLANK_MESSAGE)
  .max(
    FEEDBACK_MAX_LENGTH,
    `Your feedback is too long (${FEEDBACK_MAX_LENGTH} characters at most).`,
  );

// ── POST /api/feedback.php ──

/**
 * `feedback` is checked with FeedbackText and stored trimmed; a blank or missing one responds 400
 * {error: FEEDBACK_BLANK_MESSAGE}. `user_id` is optional; when given it must be the session's
 * user. Each address may send a few feedbacks per quarter hour; more respond 429 {error}.
 */
export const FeedbackRequest = z.object({
  feedback: z.string().nullish(),
  user_id: OptionalUserId,
});
export type FeedbackRequest = z.input<typeof FeedbackRequest>;

export const FeedbackResponse = z.object({ success: z.literal(true) });
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;
