// Shoppers' erasure requests as staff see them (decision 037): waiting ones first (with the
// order that holds them), then those done, newest first. The shopper's name and email are
// shown only while the account still has them.
import { z } from 'zod';

export const ErasureQuery = z.object({
  state: z.enum(['waiting', 'done'], { error: 'state must be waiting or done' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ErasureQuery = z.input<typeof ErasureQuery>;

export const AdminErasure = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  state: z.enum(['waiting', 'done']),
  /** The account's name and email while it waits; null once erased. */
  shopper: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** Why it waits, as the shopper was told. */
  waiting_reason: z.string().nullable(),
  /** The order that holds a waiting request, now. */
  blocking_order_id: z.number().int().nullable(),
  requested_at: z.string(),
  done_at: z.string().nullable(),
});
export type AdminErasure = z.infer<typeof AdminErasure>;

export const ErasureListResponse = z.object({
  erasures: z.array(AdminErasure),
  waiting: z.number().int(),
});
export type ErasureListResponse = z.infer<typeof ErasureListResponse>;
