// Wholesale applications in the back office: every detail a shop sent, read-only until
// approval comes with wholesale prices.
import { z } from 'zod';
import { Id } from '../common.js';
import { WholesaleStatus } from '../wholesale.js';

export const WholesaleApplicationQuery = z.object({
  status: z
    .enum(WholesaleStatus.options, {
      error: `status must be one of ${WholesaleStatus.options.join(', ')}`,
    })
    .optional(),
  /** The cursor: applications older than this id. */
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type WholesaleApplicationQuery = z.input<typeof WholesaleApplicationQuery>;

export const AdminWholesaleApplication = z.object({
  id: z.number().int(),
  shop_name: z.string(),
  shop_location: z.string(),
  /** The GSTIN, when the shop gave one. */
  gst: z.string().nullable(),
  requesting_person: z.string(),
  contact_number: z.string(),
  about_shop: z.string(),
  status: WholesaleStatus,
  created_at: z.string(),
  /** The shopper account that applied. */
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type AdminWholesaleApplication = z.infer<typeof AdminWholesaleApplication>;

export const WholesaleApplicationListResponse = z.object({
  applications: z.array(AdminWholesaleApplication),
  /** Pass as `before` for the next page; null on the last one. */
  next_before: z.number().int().nullable(),
});
export type WholesaleApplicationListResponse = z.infer<typeof WholesaleApplicationListResponse>;
