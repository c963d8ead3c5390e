// The referral calls: a click on an affiliate or campaign link, or a stored code reported
// again. Each response also sets the visitor cookie that later credits the order.
import type {
  GoogleCodeRequest,
  LinkAffiliatesRequest,
  TrackingRequest,
  UserAffiliateRequest,
} from '@kitroom/contract';
import { call, type CallOptions } from './client';

export const reportUserAffiliate = (body: UserAffiliateRequest, options?: CallOptions) =>
  call('user_affiliate.php', body, options);

export const trackProductLink = (body: TrackingRequest, options?: CallOptions) =>
  call('tracking.php', body, options);

export const reportGoogleCode = (body: GoogleCodeRequest, options?: CallOptions) =>
  call('google_code.php', body, options);

export const trackAffiliateLink = (body: LinkAffiliatesRequest, options?: CallOptions) =>
  call('link_affiliates.php', body, options);
