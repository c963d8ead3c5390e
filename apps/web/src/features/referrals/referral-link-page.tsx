// /link/...: records the click of an affiliate or campaign link, keeps its code for
// checkout, then goes on to the product page, the giveaway page or home. A click the server
// refuses goes home; one that gets no response goes home too, and is retried 10 s later.
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from '@/ui/router';
import { isNetworkFailure } from '@/api/failure';
import { Loader } from '@/ui/loader';
import { clickCallFor, keepForRetry, retryPendingClick, sendClick } from './referral-clicks';
import { destinationOf, parseReferralLink, type ReferralLink } from './referral-links';
import {
  readAffiliate,
  readGoogleCode,
  saveAffiliate,
  saveGoogleCode,
  windowToken,
} from './referral-storage';

function keepCode(link: ReferralLink, now: number, token: string): void {
  if (link.kind === 'campaign') saveGoogleCode(link.campaignCode, now, token);
  else if (link.kind !== 'invalid') saveAffiliate(link.affiliateCode, now);
}

export default function ReferralLinkPage() {
  const { '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // One click per visit of the link, also when React runs the effect twice in development.
    if (started.current) return;
    started.current = true;
    const link = parseReferralLink(rest);
    const now = Date.now();
    const token = windowToken();
    const stored = link.kind === 'campaign' ? readGoogleCode() : readAffiliate();
    const click = clickCallFor(link, {
      url: window.location.href,
      now,
      windowToken: token,
      storedTimestamp: stored?.timestamp ?? null,
    });
    if (!click) {
      navigate('/', { replace: true });
      return;
    }
    sendClick(click).then(
      (response) => {
        // An unknown or ended code is recorded but credits nobody: nothing to keep.
        if (response.valid) keepCode(link, now, token);
        navigate(destinationOf(link), { replace: true });
      },
      (failure: unknown) => {
        if (isNetworkFailure(failure)) {
          keepCode(link, now, token);
          keepForRetry(click, now);
          retryPendingClick(now);
        }
        navigate('/', { replace: true });
      },
    );
  }, [rest, navigate]);

  return <Loader label="Opening the shop" className="min-h-[60vh]" />;
}
