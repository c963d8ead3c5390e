// Affiliates, campaign (Google) codes and their report in the back office. Creating, renaming
// and deactivating codes needs 'coupons.manage': they are the shop's marketing codes, run by
// the same people as coupons (owner and manager); no permission names referrals on its own.
// The report (clicks, orders, revenue) needs 'reports.read'.
import { z } from 'zod';
import { Id } from '../common.js';
import { REFERRAL_CODE_PATTERN } from '../referrals.js';

/** As the storefront's handlers take it (referrals.ts): stored upper-cased. */
const ReferralCode = z
  .string({ error: 'code is required' })
  .trim()
  .regex(REFERRAL_CODE_PATTERN, "code must be 1 to 64 letters, digits, '-' or '_'")
  .transform((v) => v.toUpperCase());

const CodeName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(100, 'name is too long (100 characters at most)');

export const ReferralCodeRow = z.object({
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});

export const AdminAffiliate = ReferralCodeRow.extend({ id: z.number().int() });
export type AdminAffiliate = z.infer<typeof AdminAffiliate>;
export type AdminCampaignCode = z.infer<typeof ReferralCodeRow>;

export const ReferralListQuery = z.object({
  /** The cursor: codes after this one (alphabetical). */
  after: z.string().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ReferralListQuery = z.input<typeof ReferralListQuery>;

export const AffiliateListResponse = z.object({
  affiliates: z.array(AdminAffiliate),
  /** Pass as `after` for the next page; null on the last one. */
  next_after: z.string().nullable(),
});
export type AffiliateListResponse = z.infer<typeof AffiliateListResponse>;

export const CampaignCodeListResponse = z.object({
  campaigns: z.array(ReferralCodeRow),
  next_after: z.string().nullable(),
});
export type CampaignCodeListResponse = z.infer<typeof CampaignCodeListResponse>;

export const CreateReferralCodeRequest = z.object({
  code: ReferralCode,
  name: CodeName,
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});
export type CreateReferralCodeRequest = z.input<typeof CreateReferralCodeRequest>;

export const UpdateReferralCodeRequest = z
  .object({
    name: CodeName.optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.active !== undefined, 'nothing to change');
export type UpdateReferralCodeRequest = z.input<typeof UpdateReferralCodeRequest>;

export const AffiliateIdParams = z.object({ id: Id });
export const CampaignCodeParams = z.object({ code: ReferralCode });

export const AffiliateResponse = z.object({ affiliate: AdminAffiliate });
export type AffiliateResponse = z.infer<typeof AffiliateResponse>;
export const CampaignCodeResponse = z.object({ campaign: ReferralCodeRow });
export type CampaignCodeResponse = z.infer<typeof CampaignCodeResponse>;

export const REFERRAL_CODE_TAKEN = 'This code is in use already.';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-24');

export const ReferralReportQuery = z
  .object({
    /** Indian days (Asia/Kolkata), both included; absent: from the start, up to now. */
    from: Day.optional(),
    to: Day.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ['to'],
    message: 'to must be on or after from',
  });
export type ReferralReportQuery = z.input<typeof ReferralReportQuery>;

export const ReferralReportLine = z.object({
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Valid clicks, a browser's repeats within the counting window counted once. */
  clicks: z.number().int(),
  orders: z.number().int(),
  paid_orders: z.number().int(),
  /** Rupees: the totals of its paid orders. */
  paid_revenue: z.number(),
});
export type ReferralReportLine = z.infer<typeof ReferralReportLine>;

export const ReferralReportResponse = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  affiliates: z.array(ReferralReportLine),
  campaigns: z.array(ReferralReportLine),
  /** Clicks on unknown or inactive codes (credited to nobody). */
  invalid_clicks: z.number().int(),
});
export type ReferralReportResponse = z.infer<typeof ReferralReportResponse>;
