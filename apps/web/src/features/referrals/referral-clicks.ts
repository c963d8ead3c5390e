// Recording a link's click through the spec's calls, and the retry of a click that got no
// response: it is kept in sessionStorage and sent once more 10 s later (spec section 9).
import type {
  GoogleCodeRequest,
  LinkAffiliatesRequest,
  ReferralClickResponse,
  TrackingRequest,
} from '@kitroom/contract';
import { reportGoogleCode, trackAffiliateLink, trackProductLink } from '@/api/referral-calls';
import { PENDING_CLICK_KEY } from './referral-keys';
import type { ReferralLink } from './referral-links';

/** How long a click call may take before it counts as a network failure. */
export const CLICK_TIMEOUT_MS = 10_000;
/** A click that got no response is retried once, this long after. */
export const RETRY_AFTER_MS = 10_000;

export type ClickCall =
  | { call: 'tracking'; body: TrackingRequest }
  | { call: 'link'; body: LinkAffiliatesRequest }
  | { call: 'google'; body: GoogleCodeRequest };

interface ClickContext {
  url: string;
  now: number;
  windowToken: string;
  /** The campaign code already stored, for stored_timestamp. */
  storedTimestamp: number | null;
}

/** The call that records a link's click, or null for an invalid link. */
export function clickCallFor(link: ReferralLink, ctx: ClickContext): ClickCall | null {
  const time = new Date(ctx.now).toISOString();
  const stored = ctx.storedTimestamp === null ? null : new Date(ctx.storedTimestamp).toISOString();
  switch (link.kind) {
    case 'affiliate-product':
      return {
        call: 'tracking',
        body: {
          affiliate_code: link.affiliateCode,
          product_id: link.productId,
          type: 'product',
          current_time: time,
          stored_timestamp: stored,
          url: ctx.url,
        },
      };
    case 'affiliate-giveaway':
    case 'affiliate-home': {
      const page = link.kind === 'affiliate-giveaway' ? 'giveaway' : 'home';
      return {
        call: 'link',
        body: {
          affiliate_code: link.affiliateCode,
          type: page,
          page_type: page,
          current_time: time,
          url: ctx.url,
        },
      };
    }
    case 'campaign':
      return {
        call: 'google',
        body: {
          google_code: link.campaignCode,
          window_token: ctx.windowToken,
          is_direct: true,
          url: ctx.url,
          timestamp: time,
          stored_timestamp: stored,
        },
      };
    case 'invalid':
      return null;
  }
}

export function sendClick(click: ClickCall, signal?: AbortSignal): Promise<ReferralClickResponse> {
  const options = { signal: signal ?? AbortSignal.timeout(CLICK_TIMEOUT_MS) };
  switch (click.call) {
    case 'tracking':
      return trackProductLink(click.body, options);
    case 'link':
      return trackAffiliateLink(click.body, options);
    case 'google':
      return reportGoogleCode(click.body, options);
  }
}

/** Keeps a click that got no response, with the time from which it may be retried. */
export function keepForRetry(click: ClickCall, now: number): void {
  try {
    sessionStorage.setItem(PENDING_CLICK_KEY, JSON.stringify({ click, due: now + RETRY_AFTER_MS }));
  } catch {
    // No storage: the click is lost, as it would be without the retry.
  }
}

function readPending(): { click: ClickCall; due: number } | null {
  try {
    const raw = sessionStorage.getItem(PENDING_CLICK_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { click?: ClickCall; due?: unknown };
    if (!value.click || typeof value.due !== 'number') return null;
    if (!['tracking', 'link', 'google'].includes(value.click.call)) return null;
    return { click: value.click, due: value.due };
  } catch {
    return null;
  }
}

function dropPending(): void {
  try {
    sessionStorage.removeItem(PENDING_CLICK_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * Sends the kept click once, when its retry time has come (it stays kept until then, so a
 * reload in between still retries it).
 */
export function retryPendingClick(now = Date.now()): void {
  const pending = readPending();
  if (!pending) return;
  window.setTimeout(
    () => {
      const click = readPending()?.click;
      dropPending();
      if (click) void sendClick(click).catch(() => undefined);
    },
    Math.max(0, pending.due - now),
  );
}
