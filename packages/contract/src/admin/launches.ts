// Kit launches in the back office (decision 070): staff schedule products to go on sale at a
// time (IST), with a limit per fan, short unpaid holds and cash on delivery on or off; the
// fans waiting for the mail are counted. 'catalogue.write' schedules, like editing products.
import { z } from 'zod';
import { Id } from '../common.js';

const Instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time` });

export const LAUNCH_MAX_PRODUCTS = 20;
export const LAUNCH_NOT_FOUND = 'Launch not found';
export const LAUNCH_STARTED = 'This launch has started: only its end of limits can change now.';
export const LAUNCH_CANCELED = 'This launch was canceled.';

export const LaunchInput = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(80, 'name: 80 characters at most'),
    starts_at: Instant('starts_at'),
    limits_until: Instant('limits_until'),
    per_fan_limit: z
      .number({ error: 'per_fan_limit must be a whole number from 1 to 10' })
      .int('per_fan_limit must be a whole number from 1 to 10')
      .min(1, 'per_fan_limit must be a whole number from 1 to 10')
      .max(10, 'per_fan_limit must be a whole number from 1 to 10'),
    cod_allowed: z.boolean({ error: 'cod_allowed must be true or false' }),
    hold_minutes: z
      .number({ error: 'hold_minutes must be a whole number from 2 to 60' })
      .int('hold_minutes must be a whole number from 2 to 60')
      .min(2, 'hold_minutes must be a whole number from 2 to 60')
      .max(60, 'hold_minutes must be a whole number from 2 to 60'),
    queue_opens_minutes: z
      .number({ error: 'queue_opens_minutes must be a whole number from 0 to 120' })
      .int('queue_opens_minutes must be a whole number from 0 to 120')
      .min(0, 'queue_opens_minutes must be a whole number from 0 to 120')
      .max(120, 'queue_opens_minutes must be a whole number from 0 to 120')
      .default(10),
    admit_per_minute: z
      .number({ error: 'admit_per_minute must be a whole number from 10 to 6000' })
      .int('admit_per_minute must be a whole number from 10 to 6000')
      .min(10, 'admit_per_minute must be a whole number from 10 to 6000')
      .max(6000, 'admit_per_minute must be a whole number from 10 to 6000')
      .default(300),
    turn_minutes: z
      .number({ error: 'turn_minutes must be a whole number from 5 to 60' })
      .int('turn_minutes must be a whole number from 5 to 60')
      .min(5, 'turn_minutes must be a whole number from 5 to 60')
      .max(60, 'turn_minutes must be a whole number from 5 to 60')
      .default(10),
    product_ids: z
      .array(Id)
      .min(1, 'product_ids: at least one product')
      .max(LAUNCH_MAX_PRODUCTS, `product_ids: ${LAUNCH_MAX_PRODUCTS} products at most`)
      .refine((ids) => new Set(ids).size === ids.length, 'product_ids: each product once'),
  })
  .superRefine((l, ctx) => {
    if (Date.parse(l.limits_until) <= Date.parse(l.starts_at)) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits_until'],
        message: 'limits_until must be after starts_at',
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
