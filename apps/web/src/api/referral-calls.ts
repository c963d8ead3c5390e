// The referral calls: a click on an affiliate or campaign link, or a stored code reported
// again. Each answer also sets the visitor cookie that later credits the order.
import type {
  GoogleCodeRequest,
  LinkAffiliatesRequest,
  ReferralClickResponse,
  TrackingRequest,
  UserAffiliateRequest,
} from '@kitroom/contract';
import { post, type CallOptions } from './client';

export const reportUserAffiliate = (body: UserAffiliateRequest, options?: CallOptions) =>
  post<ReferralClickResponse>('user_affiliate.php', body, options);

export const trackProductLink = (body: TrackingRequest, options?: CallOptions) =>
  post<ReferralClickResponse>('tracking.php', body, options);

export const reportGoogleCode = (body: GoogleCodeRequest, options?: CallOptions) =>
  post<ReferralClickResponse>('google_code.php', body, options);

export const trackAffiliateLink = (body: LinkAffiliatesRequest, options?: CallOptions) =>
  post<ReferralClickResponse>('link_affiliates.php', body, options);
