// The referral codes an order carries: the affiliate code within 30 days of its last
// refresh, the campaign code within 24 hours (or clicked in this tab).
import {
  affiliateForCheckout,
  googleCodeForCheckout,
  readAffiliate,
  readGoogleCode,
  windowToken,
} from './referral-storage';

export function referralCodesForCheckout(now = Date.now()): {
  affiliate_code: string | null;
  google_code: string | null;
} {
  return {
    affiliate_code: affiliateForCheckout(readAffiliate(), now),
    google_code: googleCodeForCheckout(readGoogleCode(), now, windowToken()),
  };
}
