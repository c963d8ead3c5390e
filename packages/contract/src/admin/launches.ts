// Kit launches in the back office (decision 070): staff schedule products to go on sale at a
// time (IST), with a limit per fan, short unpaid holds and cash on delivery on or off; the
// fans waiting for the mail are counted. 'catalogue.write' schedules, like editing products.
import { z } from 'zod';
import { Id } from '../common.js';

const Instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time` });

export const LAUNCH_MAX_PRODUCTS = 20;
export const LAUNCH_NOT_FOUND = 'Launch not found';
export const LAUNCH_STARTED = 'This launch has started: only its end of limits can change now.';
export const LAUNCH_CANCELED = 'This launch was canceled.';

/** A whole number from `min` to `max`, its message naming the form's label. */
const WholeFrom = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

export const LaunchInput = z
  .object({
    name: z
      .string({ error: 'The name is required' })
      .trim()
      .min(1, 'The name is required')
      .max(80, 'The name must be 80 characters at most'),
    starts_at: Instant('On sale from'),
    limits_until: Instant('Limits until'),
    per_fan_limit: WholeFrom('Pieces of each size per fan', 1, 10),
    cod_allowed: z.boolean({ error: 'Cash on delivery must be on or off' }),
    hold_minutes: WholeFrom('The hold', 2, 60),
    queue_opens_minutes: WholeFrom('Queue opens (minutes before the start)', 0, 120).default(10),
    admit_per_minute: WholeFrom('Fans let in per minute', 10, 6000).default(300),
    turn_minutes: WholeFrom('Minutes each fan has', 5, 60).default(10),
    product_ids: z
      .array(Id)
      .min(1, 'Name at least one product id')
      .max(LAUNCH_MAX_PRODUCTS, `A launch takes ${LAUNCH_MAX_PRODUCTS} products at most`)
      .refine((ids) => new Set(ids).size === ids.length, 'Name each product once'),
  })
  .superRefine((l, ctx) => {
    if (Date.parse(l.limits_until) <= Date.parse(l.starts_at)) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits_until'],
        message: 'Limits until must be after the start',
      });
    }
  });
export type LaunchInput = z.input<typeof LaunchInput>;

export const LaunchState = z.enum(['upcoming', 'on', 'over', 'canceled']);
export type LaunchState = z.infer<typeof LaunchState>;

export const AdminLaunch = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_at: z.string(),
  limits_until: z.string(),
  per_fan_limit: z.number().int(),
  cod_allowed: z.boolean(),
  hold_minutes: z.number().int(),
  queue_opens_minutes: z.number().int(),
  admit_per_minute: z.number().int(),
  turn_minutes: z.number().int(),
  /** Places given in the waiting room. */
  queued: z.number().int(),
  state: LaunchState,
  products: z.array(z.object({ id: z.number().int(), name: z.string(), stock: z.number().int() })),
  /** Fans waiting for the mail (or mailed, once it started). */
  alerts: z.number().int(),
  alerts_sent_at: z.string().nullable(),
  /** Pieces sold in the launch's orders so far (not canceled). */
  sold: z.number().int(),
});
export type AdminLaunch = z.infer<typeof AdminLaunch>;

export const LaunchIdParams = z.object({ id: Id });
export type LaunchIdParams = z.input<typeof LaunchIdParams>;

export const LaunchListResponse = z.object({ launches: z.array(AdminLaunch) });
export type LaunchListResponse = z.infer<typeof LaunchListResponse>;

export const AdminLaunchResponse = z.object({ launch: AdminLaunch });
export type AdminLaunchResponse = z.infer<typeof AdminLaunchResponse>;
