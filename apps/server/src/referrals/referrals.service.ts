// Referral rules: which browser clicked which code and when, whether a repeat counts, which
// affiliate and campaign code an order is credited to, and the affiliate report.
import { createHash, randomBytes } from 'node:crypto';
import {
  AFFILIATE_ATTRIBUTION_DAYS,
  AFFILIATE_CLICK_WINDOW_HOURS,
  CAMPAIGN_ATTRIBUTION_HOURS,
  CAMPAIGN_CLICK_WINDOW_HOURS,
  REFERRAL_CODE_PATTERN,
  formatRupees,
  paiseToRupees,
} from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import * as q from './referrals.queries.js';

const HOUR_MS = 60 * 60 * 1000;

/** The first-party cookie that identifies a browser to the referral calls and checkout. */
export const VISITOR_COOKIE = 'kr_visitor';
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

// 32 random bytes in base64url; a client token is a browser's own random id.
const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CLIENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The stored form of a visitor id (sha256); null when the id is missing or malformed. */
export function visitorKeyOf(visitorId: string | undefined): string | null {
  if (!visitorId || !VISITOR_ID_PATTERN.test(visitorId)) return null;
  return createHash('sha256').update(visitorId).digest('hex');
}

/**
 * The browser's visitor id and key. The cookie's id when it sent one; otherwise a new id —
 * derived from the client's own random token when it sent one (so a browser that drops
 * cookies keeps one identity per token), else random. Never the IP address.
 */
export function visitorIdentity(
  cookieValue: string | undefined,
  clientToken: string | null | undefined,
): { visitorId: string; visitorKey: string } {
  let visitorId: string;
  if (cookieValue && VISITOR_ID_PATTERN.test(cookieValue)) {
    visitorId = cookieValue;
  } else if (clientToken && CLIENT_TOKEN_PATTERN.test(clientToken)) {
    visitorId = createHash('sha256').update(`kitroom-visitor:${clientToken}`).digest('base64url');
  } else {
    visitorId = randomBytes(32).toString('base64url');
  }
  return { visitorId, visitorKey: createHash('sha256').update(visitorId).digest('hex') };
}

export interface ClickInput {
  kind: q.ClickKind;
  /** Upper-cased, as the contract delivers it. */
  code: string;
  type: string | null | undefined;
  url: string | null | undefined;
  productId: number | undefined;
  userId: number | undefined;
  visitorKey: string;
  now?: Date;
}

const countWindowMs: Record<q.ClickKind, number> = {
  affiliate: AFFILIATE_CLICK_WINDOW_HOURS * HOUR_MS,
  campaign: CAMPAIGN_CLICK_WINDOW_HOURS * HOUR_MS,
};

/**
 * Records a click unless this browser or user clicked the same code within the counting
 * window (then it only links the earlier click to the user). Unknown and inactive codes are
 * recorded too, as invalid.
 */
export async function recordClick(
  db: Queryable,
  input: ClickInput,
): Promise<{ valid: boolean; counted: boolean }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    let affiliateId: number | null = null;
    let campaignCode: string | null = null;
    let valid = false;
    if (input.kind === 'affiliate') {
      const affiliate = await q.affiliateByCode(tx, input.code);
      affiliateId = affiliate?.id ?? null;
      valid = affiliate?.active === true;
    } else {
      const campaign = await q.campaignByCode(tx, input.code);
      campaignCode = campaign?.code ?? null;
      valid = campaign?.active === true;
    }
    await q.lockVisitorCode(tx, input.kind, input.code, input.visitorKey);
    const recent = await q.recentClick(tx, {
      kind: input.kind,
      code: input.code,
      visitorKey: input.visitorKey,
      userId: input.userId,
      since: new Date(now.getTime() - countWindowMs[input.kind]),
    });
    if (recent) {
      if (input.userId !== undefined && recent.user_id === null) {
        await q.setClickUser(tx, recent.id, input.userId);
      }
      return { valid, counted: false };
    }
    await q.insertClick(tx, {
      kind: input.kind,
      code: input.code,
      affiliateId,
      campaignCode,
      valid,
      type: input.type || null,
      url: input.url || null,
      productId: input.productId,
      userId: input.userId,
      visitorKey: input.visitorKey,
      createdAt: now,
    });
    return { valid, counted: true };
  });
}

export interface AttributionInput {
  affiliateCode?: string | null | undefined;
  googleCode?: string | null | undefined;
  userId?: number | null | undefined;
  /** visitorKeyOf(the visitor cookie) of the checkout request. */
  visitorKey?: string | null | undefined;
  now?: Date;
}

export interface Attribution {
  affiliateId: number | null;
  campaignCode: string | null;
}

function normalisedCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim() ?? '';
  return REFERRAL_CODE_PATTERN.test(trimmed) ? trimmed.toUpperCase() : null;
}

/**
 * What an order is credited to: the affiliate its code names when that affiliate is active
 * and this browser or user clicked it validly within AFFILIATE_ATTRIBUTION_DAYS; the campaign
 * code when active and clicked within CAMPAIGN_ATTRIBUTION_HOURS. At most one affiliate.
 */
export async function resolveAttribution(
  db: Queryable,
  input: AttributionInput,
): Promise<Attribution> {
  const now = input.now ?? new Date();
  const who = { visitorKey: input.visitorKey ?? null, userId: input.userId ?? null };
  if (who.visitorKey === null && who.userId === null) {
    return { affiliateId: null, campaignCode: null };
  }
  let affiliateId: number | null = null;
  const affiliateCode = normalisedCode(input.affiliateCode);
  if (affiliateCode !== null) {
    const affiliate = await q.affiliateByCode(db, affiliateCode);
    const since = new Date(now.getTime() - AFFILIATE_ATTRIBUTION_DAYS * 24 * HOUR_MS);
    if (
      affiliate?.active &&
      (await q.hasAffiliateClick(db, affiliate.id, { ...who, since, until: now }))
    ) {
      affiliateId = affiliate.id;
    }
  }
  let campaignCode: string | null = null;
  const googleCode = normalisedCode(input.googleCode);
  if (googleCode !== null) {
    const campaign = await q.campaignByCode(db, googleCode);
    const since = new Date(now.getTime() - CAMPAIGN_ATTRIBUTION_HOURS * HOUR_MS);
    if (
      campaign?.active &&
      (await q.hasCampaignClick(db, campaign.code, { ...who, since, until: now }))
    ) {
      campaignCode = campaign.code;
    }
  }
  return { affiliateId, campaignCode };
}

export interface AffiliateReportLine {
  code: string;
  name: string;
  active: boolean;
  /** Valid clicks, repeats within the counting window counted once. */
  clicks: number;
  orders: number;
  paidOrders: number;
  paidRevenuePaise: number;
}

export interface AffiliateReport {
  affiliates: AffiliateReportLine[];
  /** The same figures per campaign (Google) code. */
  campaigns: AffiliateReportLine[];
  /** Clicks on unknown or inactive codes (credited to nobody). */
  invalidClicks: number;
}

const reportLine = (r: q.AffiliateReportRow): AffiliateReportLine => ({
  code: r.code,
  name: r.name,
  active: r.active,
  clicks: Number(r.clicks),
  orders: Number(r.orders),
  paidOrders: Number(r.paid_orders),
  paidRevenuePaise: Number(r.paid_revenue_paise),
});

/**
 * Per affiliate and per campaign code: counted valid clicks, orders, and the total of the
 * paid orders, for clicks and orders within the range (all of them without one). The command
 * line (report-cli.ts) and the back office both read it.
 */
export async function affiliateReport(
  db: Queryable,
  range: q.ReportRange = {},
): Promise<AffiliateReport> {
  const [affiliates, campaigns, invalidClicks] = await Promise.all([
    q.affiliateReport(db, range),
    q.campaignReport(db, range),
    q.invalidClickCount(db, range),
  ]);
  return {
    affiliates: affiliates.map(reportLine),
    campaigns: campaigns.map(reportLine),
    invalidClicks,
  };
}

/** The report as a plain-text table, revenue in rupees. */
export function formatAffiliateReport(report: AffiliateReport): string {
  const header = ['Code', 'Name', 'Active', 'Clicks', 'Orders', 'Paid', 'Paid revenue'];
  const body = report.affiliates.map((a) => [
    a.code,
    a.name,
    a.active ? 'yes' : 'no',
    String(a.clicks),
    String(a.orders),
    String(a.paidOrders),
    formatRupees(paiseToRupees(a.paidRevenuePaise)),
  ]);
  const table = [header, ...body];
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  // Text columns align left, numbers right.
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const lines = table.map(line);
  if (report.affiliates.length === 0) lines.push('(no affiliates)');
  lines.push('', `Clicks on unknown or inactive codes: ${report.invalidClicks}`);
  return lines.join('\n');
}

export const DEMO_AFFILIATES = [
  { code: 'KOCHI10', name: 'Kochi Football Club', active: true },
  { code: 'MALABAR', name: 'Malabar Jersey Hub', active: true },
  { code: 'OLDPARTNER', name: 'Old Partner (ended)', active: false },
] as const;

export const DEMO_CAMPAIGN_CODES = [
  { code: 'IGDROP', name: 'Instagram jersey drop', active: true },
  { code: 'FBSALE', name: 'Facebook sale', active: true },
] as const;

/** The demo affiliates and campaign codes; rows that exist already are left as they are. */
export async function seedDemoReferrals(db: Queryable): Promise<void> {
  await q.insertAffiliates(db, DEMO_AFFILIATES);
  await q.insertCampaignCodes(db, DEMO_CAMPAIGN_CODES);
}
