// SQL of referrals: affiliates and campaign codes, clicks, attribution look-ups, the report.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export type ClickKind = 'affiliate' | 'campaign';

export async function affiliateByCode(
  db: Queryable,
  code: string,
): Promise<{ id: number; active: boolean } | undefined> {
  const [row] = await queryRows<{ id: number; active: boolean }>(
    db,
    sql`SELECT id, active FROM affiliates WHERE code = ${code}`,
  );
  return row;
}

export async function campaignByCode(
  db: Queryable,
  code: string,
): Promise<{ code: string; active: boolean } | undefined> {
  const [row] = await queryRows<{ code: string; active: boolean }>(
    db,
    sql`SELECT code, active FROM campaign_codes WHERE code = ${code}`,
  );
  return row;
}

/** Serialises clicks of one browser on one code until the transaction ends. */
export async function lockVisitorCode(
  db: Queryable,
  kind: ClickKind,
  code: string,
  visitorKey: string,
): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${kind}:${code}:${visitorKey}`}, 0))`,
  );
}

export interface RecentClickQuery {
  kind: ClickKind;
  code: string;
  visitorKey: string;
  userId: number | undefined;
  since: Date;
}

/** The latest stored click on the code by this browser or user since `since`. */
export async function recentClick(
  db: Queryable,
  c: RecentClickQuery,
): Promise<{ id: number; user_id: number | null } | undefined> {
  // Two branches so that each can use its own index path.
  const byUser =
    c.userId === undefined
      ? sql``
      : sql`UNION ALL
            (SELECT id, user_id, created_at FROM referral_clicks
             WHERE kind = ${c.kind} AND code = ${c.code} AND user_id = ${c.userId}
               AND created_at > ${c.since}
             ORDER BY created_at DESC LIMIT 1)`;
  const [row] = await queryRows<{ id: number | string; user_id: number | null }>(
    db,
    sql`SELECT id, user_id FROM (
          (SELECT id, user_id, created_at FROM referral_clicks
           WHERE kind = ${c.kind} AND code = ${c.code} AND visitor_key = ${c.visitorKey}
             AND created_at > ${c.since}
           ORDER BY created_at DESC LIMIT 1)
          ${byUser}
        ) recent ORDER BY created_at DESC LIMIT 1`,
  );
  return row ? { id: Number(row.id), user_id: row.user_id } : undefined;
}

/** Links an earlier anonymous click to the user who has since logged in. */
export async function setClickUser(db: Queryable, clickId: number, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE referral_clicks SET user_id = ${userId} WHERE id = ${clickId} AND user_id IS NULL`,
  );
}

export interface ClickValues {
  kind: ClickKind;
  code: string;
  affiliateId: number | null;
  campaignCode: string | null;
  valid: boolean;
  type: string | null;
  url: string | null;
  productId: number | undefined;
  userId: number | undefined;
  visitorKey: string;
  createdAt: Date;
}

export async function insertClick(db: Queryable, v: ClickValues): Promise<void> {
  // A product id the catalogue does not have is stored as no product.
  const product =
    v.productId === undefined
      ? sql`NULL`
      : sql`(SELECT id FROM products WHERE id = ${v.productId})`;
  await db.execute(
    sql`INSERT INTO referral_clicks
          (kind, code, affiliate_id, campaign_code, valid, type, url, product_id, user_id,
           visitor_key, created_at)
        VALUES (${v.kind}, ${v.code}, ${v.affiliateId}, ${v.campaignCode}, ${v.valid}, ${v.type},
                ${v.url}, ${product}, ${v.userId ?? null}, ${v.visitorKey}, ${v.createdAt})`,
  );
}

export interface AttributionQuery {
  visitorKey: string | null;
  userId: number | null;
  since: Date;
  until: Date;
}

function byBrowserOrUser(a: AttributionQuery) {
  return sql`(visitor_key = ${a.visitorKey} OR user_id = ${a.userId})`;
}

/** Whether this browser or user has a valid click on the affiliate within (since, until]. */
export async function hasAffiliateClick(
  db: Queryable,
  affiliateId: number,
  a: AttributionQuery,
): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM referral_clicks
        WHERE affiliate_id = ${affiliateId} AND valid
          AND created_at > ${a.since} AND created_at <= ${a.until} AND ${byBrowserOrUser(a)}
        LIMIT 1`,
  );
  return rows.length > 0;
}

/** Whether this browser or user has a valid click on the campaign code within (since, until]. */
export async function hasCampaignClick(
  db: Queryable,
  code: string,
  a: AttributionQuery,
): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM referral_clicks
        WHERE kind = 'campaign' AND code = ${code} AND campaign_code = ${code} AND valid
          AND created_at > ${a.since} AND created_at <= ${a.until} AND ${byBrowserOrUser(a)}
        LIMIT 1`,
  );
  return rows.length > 0;
}

export interface AffiliateReportRow {
  code: string;
  name: string;
  active: boolean;
  clicks: string | number;
  orders: string | number;
  paid_orders: string | number;
  paid_revenue_paise: string | number;
}

/** Instants bounding a report: clicks and orders at or after `from`, before `until`. */
export interface ReportRange {
  from?: Date;
  until?: Date;
}

function within(column: SQL, r: ReportRange): SQL {
  return sql`${r.from === undefined ? sql`TRUE` : sql`${column} >= ${r.from}`}
             AND ${r.until === undefined ? sql`TRUE` : sql`${column} < ${r.until}`}`;
}

/** Per affiliate: valid clicks, orders, paid orders and their total, within the range. */
export async function affiliateReport(
  db: Queryable,
  range: ReportRange = {},
): Promise<AffiliateReportRow[]> {
  return queryRows<AffiliateReportRow>(
    db,
    sql`SELECT a.code, a.name, a.active,
               coalesce(c.clicks, 0) AS clicks,
               coalesce(o.orders, 0) AS orders,
               coalesce(o.paid_orders, 0) AS paid_orders,
               coalesce(o.paid_revenue_paise, 0) AS paid_revenue_paise
        FROM affiliates a
        LEFT JOIN (SELECT affiliate_id, count(*) AS clicks FROM referral_clicks
                   WHERE valid AND affiliate_id IS NOT NULL AND ${within(sql`created_at`, range)}
                   GROUP BY affiliate_id) c
          ON c.affiliate_id = a.id
        LEFT JOIN (SELECT affiliate_id, count(*) AS orders,
                          count(*) FILTER (WHERE payment_status = 'SUCCESS') AS paid_orders,
                          sum(total_paise) FILTER (WHERE payment_status = 'SUCCESS')
                            AS paid_revenue_paise
                   FROM orders
                   WHERE affiliate_id IS NOT NULL AND ${within(sql`created_at`, range)}
                   GROUP BY affiliate_id) o
          ON o.affiliate_id = a.id
        ORDER BY coalesce(o.paid_revenue_paise, 0) DESC, a.code`,
  );
}

/** Per campaign code: the same figures as affiliateReport. */
export async function campaignReport(
  db: Queryable,
  range: ReportRange = {},
): Promise<AffiliateReportRow[]> {
  return queryRows<AffiliateReportRow>(
    db,
    sql`SELECT g.code, g.name, g.active,
               coalesce(c.clicks, 0) AS clicks,
               coalesce(o.orders, 0) AS orders,
               coalesce(o.paid_orders, 0) AS paid_orders,
               coalesce(o.paid_revenue_paise, 0) AS paid_revenue_paise
        FROM campaign_codes g
        LEFT JOIN (SELECT campaign_code, count(*) AS clicks FROM referral_clicks
                   WHERE valid AND kind = 'campaign' AND campaign_code IS NOT NULL
                     AND ${within(sql`created_at`, range)}
                   GROUP BY campaign_code) c
          ON c.campaign_code = g.code
        LEFT JOIN (SELECT campaign_code, count(*) AS orders,
                          count(*) FILTER (WHERE payment_status = 'SUCCESS') AS paid_orders,
                          sum(total_paise) FILTER (WHERE payment_status = 'SUCCESS')
                            AS paid_revenue_paise
                   FROM orders
                   WHERE campaign_code IS NOT NULL AND ${within(sql`created_at`, range)}
                   GROUP BY campaign_code) o
          ON o.campaign_code = g.code
        ORDER BY coalesce(o.paid_revenue_paise, 0) DESC, g.code`,
  );
}

/** Clicks on codes that named no active affiliate or campaign, within the range. */
export async function invalidClickCount(db: Queryable, range: ReportRange = {}): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM referral_clicks
        WHERE NOT valid AND ${within(sql`created_at`, range)}`,
  );
  return Number(row?.n ?? 0);
}

export async function insertAffiliates(
  db: Queryable,
  rows: readonly { code: string; name: string; active: boolean }[],
): Promise<void> {
  for (const r of rows) {
    await db.execute(
      sql`INSERT INTO affiliates (code, name, active) VALUES (${r.code}, ${r.name}, ${r.active})
          ON CONFLICT (code) DO NOTHING`,
    );
  }
}

export async function insertCampaignCodes(
  db: Queryable,
  rows: readonly { code: string; name: string; active: boolean }[],
): Promise<void> {
  for (const r of rows) {
    await db.execute(
      sql`INSERT INTO campaign_codes (code, name, active) VALUES (${r.code}, ${r.name}, ${r.active})
          ON CONFLICT (code) DO NOTHING`,
    );
  }
}

// ── the back office ──

export interface CodeRow {
  id?: number;
  code: string;
  name: string;
  active: boolean;
  created_at: Date | string;
}

/** Affiliates (or campaign codes) in code order, after `after` when given. */
export async function listCodes(
  db: Queryable,
  kind: ClickKind,
  f: { after?: string; limit: number },
): Promise<CodeRow[]> {
  const after = f.after === undefined ? sql`TRUE` : sql`code > ${f.after}`;
  return queryRows<CodeRow>(
    db,
    kind === 'affiliate'
      ? sql`SELECT id, code, name, active, created_at FROM affiliates WHERE ${after}
            ORDER BY code LIMIT ${f.limit}`
      : sql`SELECT code, name, active, created_at FROM campaign_codes WHERE ${after}
            ORDER BY code LIMIT ${f.limit}`,
  );
}

/** Adds the code; undefined when it is taken. */
export async function insertCode(
  db: Queryable,
  kind: ClickKind,
  c: { code: string; name: string; active: boolean },
): Promise<CodeRow | undefined> {
  const [row] = await queryRows<CodeRow>(
    db,
    kind === 'affiliate'
      ? sql`INSERT INTO affiliates (code, name, active) VALUES (${c.code}, ${c.name}, ${c.active})
            ON CONFLICT (code) DO NOTHING RETURNING id, code, name, active, created_at`
      : sql`INSERT INTO campaign_codes (code, name, active)
            VALUES (${c.code}, ${c.name}, ${c.active})
            ON CONFLICT (code) DO NOTHING RETURNING code, name, active, created_at`,
  );
  return row;
}

/** The affiliate (by id) or campaign code (by code), locked for a change. */
export async function lockCode(
  db: Queryable,
  kind: ClickKind,
  key: number | string,
): Promise<CodeRow | undefined> {
  const [row] = await queryRows<CodeRow>(
    db,
    kind === 'affiliate'
      ? sql`SELECT id, code, name, active, created_at FROM affiliates WHERE id = ${key} FOR UPDATE`
      : sql`SELECT code, name, active, created_at FROM campaign_codes WHERE code = ${key}
            FOR UPDATE`,
  );
  return row;
}

export async function updateCode(
  db: Queryable,
  kind: ClickKind,
  key: number | string,
  v: { name: string; active: boolean },
): Promise<CodeRow> {
  const [row] = await queryRows<CodeRow>(
    db,
    kind === 'affiliate'
      ? sql`UPDATE affiliates SET name = ${v.name}, active = ${v.active} WHERE id = ${key}
            RETURNING id, code, name, active, created_at`
      : sql`UPDATE campaign_codes SET name = ${v.name}, active = ${v.active} WHERE code = ${key}
            RETURNING code, name, active, created_at`,
  );
  return row!;
}
