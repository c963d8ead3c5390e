// Runs once per page load: drops codes whose windows have passed, reports the stored
// affiliate code again once a day (renewing its timestamp), reports a stored campaign code
// within an hour of its click, and retries a link click that got no response.
import { useEffect } from 'react';
import { reportGoogleCode, reportUserAffiliate } from '@/api/referral-calls';
import { retryPendingClick } from './referral-clicks';
import {
  affiliateNeedsRefresh,
  dropExpiredCodes,
  googleCodeTrackable,
  readAffiliate,
  readGoogleCode,
  saveAffiliate,
  windowToken,
} from './referral-storage';

const REPORTED_KEY = 'google_code_reported';
/** Once per page load, however often the keeper mounts. */
let ran = false;
const iso = (time: number) => new Date(time).toISOString();
const ignore = () => undefined;

function reportedInThisTab(code: string): boolean {
  try {
    if (sessionStorage.getItem(REPORTED_KEY) === code) return true;
    sessionStorage.setItem(REPORTED_KEY, code);
  } catch {
    // Without storage it is reported once per page load.
  }
  return false;
}

export default function ReferralKeeper() {
  useEffect(() => {
    if (ran) return;
    ran = true;
    const now = Date.now();
    const token = windowToken();
    dropExpiredCodes(now, token);
    const url = window.location.href;
    const onLinkPage = window.location.pathname.startsWith('/link/');

    const affiliate = readAffiliate();
    if (affiliate && affiliateNeedsRefresh(affiliate, now)) {
      reportUserAffiliate({
        affiliate_code: affiliate.id,
        type: 'refresh',
        url,
        current_time: iso(now),
        stored_timestamp: iso(affiliate.timestamp),
        _token: token,
      }).then(() => saveAffiliate(affiliate.id, now), ignore);
    }

    const google = readGoogleCode();
    if (
      google &&
      !onLinkPage &&
      googleCodeTrackable(google, now) &&
      !reportedInThisTab(google.code)
    ) {
      reportGoogleCode({
        google_code: google.code,
        window_token: token,
        is_direct: false,
        url,
        timestamp: iso(now),
        stored_timestamp: iso(google.timestamp),
      }).catch(ignore);
    }

    retryPendingClick(now);
  }, []);

  return null;
}
