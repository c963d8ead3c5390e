// The referral endpoints: affiliates and campaign codes (coupons.manage, see referrals.ts),
// and the clicks / orders / revenue report (reports.read).
import type { AdminEndpoint } from './endpoint.js';
import {
  AffiliateIdParams,
  AffiliateListResponse,
  AffiliateResponse,
  CampaignCodeListResponse,
  CampaignCodeParams,
  CampaignCodeResponse,
  CreateReferralCodeRequest,
  ReferralListQuery,
  ReferralReportQuery,
  ReferralReportResponse,
  UpdateReferralCodeRequest,
} from './referrals.js';

export const referralsEndpoints = {
  listAffiliates: {
    method: 'GET',
    path: '/api/admin/referrals/affiliates',
    summary: 'Affiliates by code',
    access: 'coupons.manage',
    query: ReferralListQuery,
    response: AffiliateListResponse,
  },
  createAffiliate: {
    method: 'POST',
    path: '/api/admin/referrals/affiliates',
    summary: 'Adds an affiliate; a code in use gets 409',
    access: 'coupons.manage',
    body: CreateReferralCodeRequest,
    response: AffiliateResponse,
  },
  updateAffiliate: {
    method: 'PATCH',
    path: '/api/admin/referrals/affiliates/:id',
    summary: 'Renames an affiliate or (de)activates it: inactive codes credit no orders',
    access: 'coupons.manage',
    params: AffiliateIdParams,
    body: UpdateReferralCodeRequest,
    response: AffiliateResponse,
  },
  listCampaignCodes: {
    method: 'GET',
    path: '/api/admin/referrals/campaigns',
    summary: 'Campaign (Google) codes by code',
    access: 'coupons.manage',
    query: ReferralListQuery,
    response: CampaignCodeListResponse,
  },
  createCampaignCode: {
    method: 'POST',
    path: '/api/admin/referrals/campaigns',
    summary: 'Adds a campaign code; a code in use gets 409',
    access: 'coupons.manage',
    body: CreateReferralCodeRequest,
    response: CampaignCodeResponse,
  },
  updateCampaignCode: {
    method: 'PATCH',
    path: '/api/admin/referrals/campaigns/:code',
    summary: 'Renames a campaign code or (de)activates it',
    access: 'coupons.manage',
    params: CampaignCodeParams,
    body: UpdateReferralCodeRequest,
    response: CampaignCodeResponse,
  },
  referralReport: {
    method: 'GET',
    path: '/api/admin/referrals/report',
    summary:
      'Clicks, orders and paid revenue per affiliate and campaign code, between Indian dates',
    access: 'reports.read',
    query: ReferralReportQuery,
    response: ReferralReportResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
