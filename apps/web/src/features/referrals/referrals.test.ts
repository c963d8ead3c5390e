import { describe, expect, it } from 'vitest';
import { clickCallFor, keepForRetry } from './referral-clicks';
import { hasReferralWork } from './referral-keys';
import { destinationOf, parseReferralLink } from './referral-links';
import {
  affiliateForCheckout,
  affiliateNeedsRefresh,
  googleCodeForCheckout,
  googleCodeTrackable,
  readAffiliate,
  saveAffiliate,
  saveGoogleCode,
} from './referral-storage';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 21, 12);

describe('the /link/... handlers', () => {
  it('reads the four link forms', () => {
    expect(parseReferralLink('KOCHI10/giveaway')).toEqual({
      kind: 'affiliate-giveaway',
      affiliateCode: 'KOCHI10',
    });
    expect(parseReferralLink('giveaway/IGDROP')).toEqual({
      kind: 'campaign',
      campaignCode: 'IGDROP',
    });
    expect(parseReferralLink('KOCHI10/42')).toEqual({
      kind: 'affiliate-product',
      affiliateCode: 'KOCHI10',
      productId: 42,
    });
    expect(parseReferralLink('KOCHI10')).toEqual({
      kind: 'affiliate-home',
      affiliateCode: 'KOCHI10',
    });
  });

  it('refuses what no handler takes', () => {
    for (const rest of [
      '',
      'KOCHI10/shirt',
      'KOCHI10/42/x',
      'not%20a%20code',
      'giveaway/a b',
      'KOCHI10/0',
    ]) {
      expect(parseReferralLink(rest)).toEqual({ kind: 'invalid' });
    }
  });

  it('leads to the product, the giveaway page or home', () => {
    expect(destinationOf(parseReferralLink('KOCHI10/42'))).toBe('/product/42');
    expect(destinationOf(parseReferralLink('KOCHI10/giveaway'))).toBe('/giveaway');
    expect(destinationOf(parseReferralLink('giveaway/IGDROP'))).toBe('/giveaway');
    expect(destinationOf(parseReferralLink('KOCHI10'))).toBe('/');
  });

  it('records each click through its call', () => {
    const ctx = { url: 'https://kitroom.in/link/x', now, windowToken: 'w1', storedTimestamp: null };
    const time = new Date(now).toISOString();
    expect(clickCallFor(parseReferralLink('KOCHI10/42'), ctx)).toEqual({
      call: 'tracking',
      body: {
        affiliate_code: 'KOCHI10',
        product_id: 42,
        type: 'product',
        current_time: time,
        stored_timestamp: null,
        url: ctx.url,
      },
    });
    expect(clickCallFor(parseReferralLink('KOCHI10/giveaway'), ctx)).toMatchObject({
      call: 'link',
      body: { affiliate_code: 'KOCHI10', type: 'giveaway', page_type: 'giveaway' },
    });
    expect(clickCallFor(parseReferralLink('KOCHI10'), ctx)).toMatchObject({
      call: 'link',
      body: { affiliate_code: 'KOCHI10', page_type: 'home' },
    });
    expect(clickCallFor(parseReferralLink('giveaway/IGDROP'), ctx)).toMatchObject({
      call: 'google',
      body: { google_code: 'IGDROP', window_token: 'w1', is_direct: true, timestamp: time },
    });
    expect(clickCallFor({ kind: 'invalid' }, ctx)).toBeNull();
  });
});

describe('stored referral codes', () => {
  it('sends the affiliate code within 30 days and refreshes it daily', () => {
    saveAffiliate('KOCHI10', now);
    const stored = readAffiliate()!;
    expect(stored).toEqual({ id: 'KOCHI10', timestamp: now });
    expect(affiliateForCheckout(stored, now + 30 * DAY)).toBe('KOCHI10');
    expect(affiliateForCheckout(stored, now + 30 * DAY + 1)).toBeNull();
    expect(affiliateNeedsRefresh(stored, now + 23 * HOUR)).toBe(false);
    expect(affiliateNeedsRefresh(stored, now + 25 * HOUR)).toBe(true);
    expect(affiliateNeedsRefresh(stored, now + 31 * DAY)).toBe(false);
  });

  it('sends the campaign code within 24 hours or in the tab it was clicked in', () => {
    const data = { code: 'IGDROP', timestamp: now, window_token: 'w1' };
    expect(googleCodeForCheckout(data, now + 24 * HOUR, 'w2')).toBe('IGDROP');
    expect(googleCodeForCheckout(data, now + 25 * HOUR, 'w2')).toBeNull();
    expect(googleCodeForCheckout(data, now + 25 * HOUR, 'w1')).toBe('IGDROP');
    expect(googleCodeTrackable(data, now + 59 * 60_000)).toBe(true);
    expect(googleCodeTrackable(data, now + 61 * 60_000)).toBe(false);
  });

  it('ignores damaged copies', () => {
    localStorage.setItem('affiliate_data', '{"id":"bad code","timestamp":1}');
    expect(readAffiliate()).toBeNull();
    localStorage.setItem('affiliate_data', 'not json');
    expect(readAffiliate()).toBeNull();
  });
});

describe('the keeper’s work', () => {
  it('is there while the browser holds a code or a click to retry, and not for a guest', () => {
    expect(hasReferralWork()).toBe(false);
    saveAffiliate('KOCHI10', now);
    expect(hasReferralWork()).toBe(true);
    localStorage.clear();
    saveGoogleCode('IGDROP', now, 'tab');
    expect(hasReferralWork()).toBe(true);
    localStorage.clear();
    keepForRetry(
      {
        call: 'link',
        body: {
          affiliate_code: 'KOCHI10',
          type: 'home',
          page_type: 'home',
          current_time: '',
          url: '',
        },
      },
      now,
    );
    expect(hasReferralWork()).toBe(true);
    sessionStorage.clear();
    expect(hasReferralWork()).toBe(false);
  });
});
