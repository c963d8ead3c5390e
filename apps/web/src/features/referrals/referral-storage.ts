// The referral codes this browser carries (spec sections 3 and 9): localStorage
// affiliate_data {id, timestamp} and google_code_data {code, timestamp}, with the windows in
// which each is refreshed, reported again and sent at checkout. Times are epoch ms.
import {
  AFFILIATE_ATTRIBUTION_DAYS,
  AFFILIATE_CLICK_WINDOW_HOURS,
  CAMPAIGN_ATTRIBUTION_HOURS,
  CAMPAIGN_CLICK_WINDOW_HOURS,
  REFERRAL_CODE_PATTERN,
} from '@kitroom/contract';
import { AFFILIATE_KEY, GOOGLE_CODE_KEY } from './referral-keys';

const WINDOW_TOKEN_KEY = 'window_token';

const HOUR_MS = 60 * 60_000;
/** An affiliate code counts at checkout for 30 days from its last refresh. */
export const AFFILIATE_KEEP_MS = AFFILIATE_ATTRIBUTION_DAYS * 24 * HOUR_MS;
/** The stored affiliate code is reported again (and its timestamp renewed) once a day. */
export const AFFILIATE_REFRESH_MS = AFFILIATE_CLICK_WINDOW_HOURS * HOUR_MS;
/** A campaign code counts at checkout within 24 hours (or in the window it was clicked in). */
export const CAMPAIGN_KEEP_MS = CAMPAIGN_ATTRIBUTION_HOURS * HOUR_MS;
/** A stored campaign code is tracked again only within 1 hour of its click. */
export const CAMPAIGN_TRACK_MS = CAMPAIGN_CLICK_WINDOW_HOURS * HOUR_MS;

export interface AffiliateData {
  id: string;
  timestamp: number;
}

export interface GoogleCodeData {
  code: string;
  timestamp: number;
  /** The browser window (tab) the code was clicked in. */
  window_token?: string;
}

export function isReferralCode(value: string): boolean {
  return REFERRAL_CODE_PATTERN.test(value);
}

function readJson(key: string): Record<string, unknown> | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused: the click is still recorded on the server through the visitor cookie.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}

export function readAffiliate(): AffiliateData | null {
  const v = readJson(AFFILIATE_KEY);
  if (!v || typeof v.id !== 'string' || !isReferralCode(v.id)) return null;
  if (typeof v.timestamp !== 'number' || !Number.isFinite(v.timestamp)) return null;
  return { id: v.id, timestamp: v.timestamp };
}

export function saveAffiliate(id: string, now: number): void {
  write(AFFILIATE_KEY, { id, timestamp: now } satisfies AffiliateData);
}

export function readGoogleCode(): GoogleCodeData | null {
  const v = readJson(GOOGLE_CODE_KEY);
  if (!v || typeof v.code !== 'string' || !isReferralCode(v.code)) return null;
  if (typeof v.timestamp !== 'number' || !Number.isFinite(v.timestamp)) return null;
  return {
    code: v.code,
    timestamp: v.timestamp,
    ...(typeof v.window_token === 'string' ? { window_token: v.window_token } : {}),
  };
}

export function saveGoogleCode(code: string, now: number, windowToken: string): void {
  write(GOOGLE_CODE_KEY, {
    code,
    timestamp: now,
    window_token: windowToken,
  } satisfies GoogleCodeData);
}

/** This tab's random token (sessionStorage keeps it for the tab's life). */
export function windowToken(): string {
  try {
    const stored = sessionStorage.getItem(WINDOW_TOKEN_KEY);
    if (stored) return stored;
    const token = randomToken();
    sessionStorage.setItem(WINDOW_TOKEN_KEY, token);
    return token;
  } catch {
    return randomToken();
  }
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const age = (timestamp: number, now: number) => now - timestamp;

/** The affiliate code to send at checkout: stored within the last 30 days. */
export function affiliateForCheckout(data: AffiliateData | null, now: number): string | null {
  if (!data) return null;
  const elapsed = age(data.timestamp, now);
  return elapsed >= 0 && elapsed <= AFFILIATE_KEEP_MS ? data.id : null;
}

/** The campaign code to send at checkout: within 24 hours, or clicked in this very tab. */
export function googleCodeForCheckout(
  data: GoogleCodeData | null,
  now: number,
  currentWindow: string,
): string | null {
  if (!data) return null;
  const elapsed = age(data.timestamp, now);
  if (elapsed >= 0 && elapsed <= CAMPAIGN_KEEP_MS) return data.code;
  return data.window_token !== undefined && data.window_token === currentWindow ? data.code : null;
}

/** True once a day while the code is kept: time to report it again and renew its timestamp. */
export function affiliateNeedsRefresh(data: AffiliateData, now: number): boolean {
  const elapsed = age(data.timestamp, now);
  return elapsed >= AFFILIATE_REFRESH_MS && elapsed <= AFFILIATE_KEEP_MS;
}

/** A stored campaign code is reported again only within an hour of its click. */
export function googleCodeTrackable(data: GoogleCodeData, now: number): boolean {
  const elapsed = age(data.timestamp, now);
  return elapsed >= 0 && elapsed <= CAMPAIGN_TRACK_MS;
}

/** Drops codes whose windows have all passed. */
export function dropExpiredCodes(now: number, currentWindow: string): void {
  const affiliate = readAffiliate();
  if (affiliate && affiliateForCheckout(affiliate, now) === null) remove(AFFILIATE_KEY);
  const google = readGoogleCode();
  if (google && googleCodeForCheckout(google, now, currentWindow) === null) remove(GOOGLE_CODE_KEY);
}
