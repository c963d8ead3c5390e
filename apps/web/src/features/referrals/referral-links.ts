// The four /link/... handlers of the spec (section 2), read from the path:
//   /link/{affiliate_code}/giveaway   an affiliate's giveaway link       → the giveaway page
//   /link/giveaway/{giveaway}         a giveaway campaign (Google) code  → the giveaway page
//   /link/{affiliate_code}/{product}  an affiliate's product link        → the product page
//   /link/{affiliate_code}            an affiliate's shop link           → home
// The giveaway page is /giveaway: the current giveaway's page (features/giveaways), where
// an entry is credited to the code kept here (decision 050).
import { isReferralCode } from './referral-storage';

export type ReferralLink =
  | { kind: 'affiliate-giveaway'; affiliateCode: string }
  | { kind: 'campaign'; campaignCode: string }
  | { kind: 'affiliate-product'; affiliateCode: string; productId: number }
  | { kind: 'affiliate-home'; affiliateCode: string }
  | { kind: 'invalid' };

export const GIVEAWAY = 'giveaway';
export const GIVEAWAY_PAGE = '/giveaway';

const MAX_ID = 2_147_483_647;

/** `rest` is the path after /link/ ('KOCHI10/42'). */
export function parseReferralLink(rest: string): ReferralLink {
  const parts = rest
    .split('/')
    .filter((p) => p !== '')
    .map((p) => safeDecode(p));
  const [first, second, ...more] = parts;
  if (first === undefined || more.length > 0) return { kind: 'invalid' };
  if (second === undefined) {
    return isReferralCode(first)
      ? { kind: 'affiliate-home', affiliateCode: first }
      : { kind: 'invalid' };
  }
  if (first.toLowerCase() === GIVEAWAY) {
    return isReferralCode(second)
      ? { kind: 'campaign', campaignCode: second }
      : { kind: 'invalid' };
  }
  if (!isReferralCode(first)) return { kind: 'invalid' };
  if (second.toLowerCase() === GIVEAWAY)
    return { kind: 'affiliate-giveaway', affiliateCode: first };
  if (/^\d{1,10}$/.test(second) && Number(second) > 0 && Number(second) <= MAX_ID) {
    return { kind: 'affiliate-product', affiliateCode: first, productId: Number(second) };
  }
  return { kind: 'invalid' };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Where the link leads once its click is recorded. */
export function destinationOf(link: ReferralLink): string {
  switch (link.kind) {
    case 'affiliate-product':
      return `/product/${link.productId}`;
    case 'affiliate-giveaway':
    case 'campaign':
      return GIVEAWAY_PAGE;
    case 'affiliate-home':
    case 'invalid':
      return '/';
  }
}
