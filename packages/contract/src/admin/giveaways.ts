// Giveaways in the back office (decision 050): staff create and edit them, see entries by
// referral code, and draw the winner after the end. 'coupons.manage', like the referral codes:
// the shop's marketing, run by its owner and managers.
import { z } from 'zod';
import { Id } from '../common.js';
import { GiveawaySlug, GiveawayState } from '../giveaways.js';

export { GiveawaySlug };

const Instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time` });

export const GIVEAWAY_MAX_PRODUCTS = 12;
export const GIVEAWAY_SLUG_TAKEN = 'slug: another giveaway has this slug';
export const GIVEAWAY_ALREADY_DRAWN = 'The winner of this giveaway has been drawn already.';
export const GIVEAWAY_NOT_ENDED = 'The winner is drawn after the giveaway ends.';
export const GIVEAWAY_NO_ENTRIES = 'Nobody entered this giveaway: there is no winner to draw.';

export const GiveawayInput = z
  .object({
    title: z
      .string({ error: 'title is required' })
      .trim()
      .min(1, 'title is required')
      .max(120, 'title: 120 characters at most'),
    slug: GiveawaySlug,
    rules: z.string().trim().max(5000, 'rules: 5000 characters at most'),
    starts_at: Instant('starts_at'),
    ends_at: Instant('ends_at'),
    product_ids: z
      .array(z.number().int().positive())
      .max(GIVEAWAY_MAX_PRODUCTS, `product_ids: ${GIVEAWAY_MAX_PRODUCTS} products at most`)
      .refine((ids) => new Set(ids).size === ids.length, 'product_ids: each product once'),
  })
  .superRefine((g, ctx) => {
    if (Date.parse(g.ends_at) <= Date.parse(g.starts_at)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'ends_at must be after starts_at',
      });
    }
  });
export type GiveawayInput = z.input<typeof GiveawayInput>;

/** Entries credited to one affiliate or campaign code, or to none (code null). */
export const GiveawayCodeCount = z.object({
  kind: z.enum(['affiliate', 'campaign', 'none']),
  code: z.string().nullable(),
  name: z.string().nullable(),
  entries: z.number().int(),
});
export type GiveawayCodeCount = z.infer<typeof GiveawayCodeCount>;

export const GiveawayWinner = z.object({
  entry_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
});

/** The draw as it can be re-checked: index = seed (a hex number) mod entries, by entry id. */
export const GiveawayDraw = z.object({
  drawn_at: z.string(),
  seed: z.string(),
  entries: z.number().int(),
  index: z.number().int(),
  winner: GiveawayWinner,
});
export type GiveawayDraw = z.infer<typeof GiveawayDraw>;

export const AdminGiveaway = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  rules: z.string(),
  picture: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  product_ids: z.array(z.number().int()),
  state: GiveawayState,
  entries: z.number().int(),
  by_code: z.array(GiveawayCodeCount),
  draw: GiveawayDraw.nullable(),
});
export type AdminGiveaway = z.infer<typeof AdminGiveaway>;

export const GiveawayIdParams = z.object({ id: Id });
export type GiveawayIdParams = z.input<typeof GiveawayIdParams>;

export const GiveawayListResponse = z.object({ giveaways: z.array(AdminGiveaway) });
export type GiveawayListResponse = z.infer<typeof GiveawayListResponse>;

export const AdminGiveawayResponse = z.object({ giveaway: AdminGiveaway });
export type AdminGiveawayResponse = z.infer<typeof AdminGiveawayResponse>;
