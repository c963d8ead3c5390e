// Cart reminders in the back office (decision 065): the owner's settings and the month's report.
import { z } from 'zod';

/** The longest wait before a reminder: a week. */
export const RECOVERY_WAIT_MAX_MINUTES = 7 * 24 * 60;

export const RecoverySettings = z.object({
  enabled: z.boolean(),
  /** How long after reaching checkout without ordering a reminder goes out. */
  wait_minutes: z.number().int(),
  /** The reminder's own coupon: none, an amount off (paise) or a percentage off. */
  coupon_kind: z.enum(['flat', 'percent']).nullable(),
  /** Paise for 'flat', whole percent for 'percent'; null with no coupon. */
  coupon_value: z.number().int().nullable(),
  /** Days the coupon works after the reminder is written. */
  coupon_valid_days: z.number().int(),
  updated_at: z.string(),
});
export type RecoverySettings = z.infer<typeof RecoverySettings>;

export const RecoverySettingsResponse = z.object({
  settings: RecoverySettings,
  /** The shortest wait this shop allows (RECOVERY_MIN_WAIT_MINUTES, 30 unless configured). */
  min_wait_minutes: z.number().int(),
});
export type RecoverySettingsResponse = z.infer<typeof RecoverySettingsResponse>;

export const UpdateRecoverySettingsRequest = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    wait_minutes: z
      .number({ error: 'wait_minutes must be a whole number of minutes' })
      .int('wait_minutes must be a whole number of minutes')
      .min(1, 'wait_minutes must be at least 1')
      .max(RECOVERY_WAIT_MAX_MINUTES, 'The wait can be at most 7 days (10080 minutes).'),
    coupon_kind: z
      .enum(['flat', 'percent'], { error: "coupon_kind must be 'flat', 'percent' or null" })
      .nullable(),
    coupon_value: z
      .number({ error: 'coupon_value must be a whole number' })
      .int('coupon_value must be a whole number')
      .positive('The coupon must give something off.')
      .nullable(),
    coupon_valid_days: z
      .number({ error: 'coupon_valid_days must be a whole number of days' })
      .int('coupon_valid_days must be a whole number of days')
      .min(1, 'The coupon must work for at least 1 day.')
      .max(90, 'The coupon can work for at most 90 days.'),
  })
  .strict()
  .superRefine((s, ctx) => {
    if ((s.coupon_kind === null) !== (s.coupon_value === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['coupon_value'],
        message: 'A coupon needs both its kind and its value (or neither).',
      });
    }
    if (s.coupon_kind === 'percent' && s.coupon_value !== null && s.coupon_value > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['coupon_value'],
        message: 'A percentage off can be at most 100.',
      });
    }
  });
export type UpdateRecoverySettingsRequest = z.input<typeof UpdateRecoverySettingsRequest>;

export const RecoveryReportQuery = z.object({
  month: z
    .string({ error: 'month is required, like 2026-11' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month like 2026-11'),
});
export type RecoveryReportQuery = z.input<typeof RecoveryReportQuery>;

/** Days after a reminder in which the shopper's order counts as recovered. */
export const RECOVERY_WINDOW_DAYS = 7;

export const RecoveryReportResponse = z.object({
  month: z.string(),
  /** Reminders mailed in the month (Indian calendar). */
  sent: z.number().int(),
  /** Of them, carts whose shopper placed a paid order within RECOVERY_WINDOW_DAYS after. */
  recovered: z.number().int(),
  /** Those orders' money kept, from the order ledger (payments in, refunds out), in paise. */
  revenue_paise: z.number().int(),
  /** Reminders' coupons used on an order. */
  coupons_used: z.number().int(),
  /** Reminders written but not sent: the shopper ordered (or withdrew consent) first. */
  canceled: z.number().int(),
});
export type RecoveryReportResponse = z.infer<typeof RecoveryReportResponse>;
