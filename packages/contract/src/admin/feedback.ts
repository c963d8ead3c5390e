// Shoppers' feedback in the back office: unhandled first, read in full, marked handled (or
// not) by a staff member.
import { z } from 'zod';
import { Id } from '../common.js';

export const FeedbackQuery = z.object({
  /** handled: only handled ones; unhandled: only those waiting; absent: both, waiting first. */
  state: z
    .enum(['handled', 'unhandled'], { error: 'state must be handled or unhandled' })
    .optional(),
  /**
   * The cursor: the entry to continue after, as `next_after` gave it ('u123' waiting, 'h123'
   * handled), since waiting entries come first.
   */
  after: z
    .string()
    .regex(/^[uh]\d{1,10}$/, 'after must be the next_after of the previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FeedbackQuery = z.input<typeof FeedbackQuery>;

export const AdminFeedback = z.object({
  id: z.number().int(),
  feedback: z.string(),
  created_at: z.string(),
  /** The shopper who sent it when they were logged in. */
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  handled_at: z.string().nullable(),
  handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AdminFeedback = z.infer<typeof AdminFeedback>;

export const FeedbackListResponse = z.object({
  feedback: z.array(AdminFeedback),
  /** Waiting entries in all (for the navigation's count). */
  unhandled: z.number().int(),
  /** Pass as `after` for the next page; null on the last one. */
  next_after: z.string().nullable(),
});
export type FeedbackListResponse = z.infer<typeof FeedbackListResponse>;

export const FeedbackIdParams = z.object({ id: Id });
export type FeedbackIdParams = z.input<typeof FeedbackIdParams>;

export const SetFeedbackHandledRequest = z.object({
  handled: z.boolean({ error: 'handled must be true or false' }),
});
export type SetFeedbackHandledRequest = z.input<typeof SetFeedbackHandledRequest>;

export const AdminFeedbackResponse = z.object({ feedback: AdminFeedback });
export type AdminFeedbackResponse = z.infer<typeof AdminFeedbackResponse>;
