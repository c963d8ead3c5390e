// SQL of referrals: affiliates and campaign codes, clicks, attribution look-ups, the report.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';

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

/** Per affiliate: valid clicks, orders, paid orders and their total. */
export async function affiliateReport(db: Queryable): Promise<AffiliateReportRow[]> {
  return queryRows<AffiliateReportRow>(
    db,
    sql`SELECT a.code, a.name, a.active,
               coalesce(c.clicks, 0) AS clicks,
               coalesce(o.orders, 0) AS orders,
               coalesce(o.paid_orders, 0) AS paid_orders,
               coalesce(o.paid_revenue_paise, 0) AS paid_revenue_paise
        FROM affiliates a
        LEFT JOIN (SELECT affiliate_id, count(*) AS clicks FROM referral_clicks
                   WHERE valid AND affiliate_id IS NOT NULL GROUP BY affiliate_id) c
          ON c.affiliate_id = a.id
        LEFT JOIN (SELECT affiliate_id, count(*) AS orders,
                          count(*) FILTER (WHERE payment_status = 'SUCCESS') AS paid_orders,
                          sum(total_paise) FILTER (WHERE payment_status = 'SUCCESS')
                            AS paid_revenue_paise
                   FROM orders WHERE affiliate_id IS NOT NULL GROUP BY affiliate_id) o
          ON o.affiliate_id = a.id
        ORDER BY coalesce(o.paid_revenue_paise, 0) DESC, a.code`,
  );
}

/** Clicks on codes that named no active affiliate or campaign. */
export async function invalidClickCount(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM referral_clicks WHERE NOT valid`,
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
