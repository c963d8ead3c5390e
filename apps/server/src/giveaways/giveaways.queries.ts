// SQL of giveaways: the giveaways, their entries (one per shopper), counts by referral code,
// and the draw.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface GiveawayRow {
  id: number;
  slug: string;
  title: string;
  rules: string;
  picture: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  product_ids: number[];
  drawn_at: Date | string | null;
  draw_seed: string | null;
  winner_entry_id: number | string | null;
}

const COLUMNS = sql`id, slug, title, rules, picture, starts_at, ends_at, product_ids, drawn_at,
                    draw_seed, winner_entry_id`;

export async function giveawayBySlug(
  db: Queryable,
  slug: string,
): Promise<GiveawayRow | undefined> {
  const [row] = await queryRows<GiveawayRow>(
    db,
    sql`SELECT ${COLUMNS} FROM giveaways WHERE slug = ${slug}`,
  );
  return row;
}

/** The giveaway, held against a draw until the entry's transaction ends. */
export async function giveawayBySlugForEntry(
  db: Queryable,
  slug: string,
): Promise<GiveawayRow | undefined> {
  const [row] = await queryRows<GiveawayRow>(
    db,
    sql`SELECT ${COLUMNS} FROM giveaways WHERE slug = ${slug} FOR SHARE`,
  );
  return row;
}

/**
 * The current giveaway at `now`: the one taking entries (the soonest to end), else the next
 * to open, else the latest to have ended.
 */
export async function currentGiveaway(db: Queryable, now: Date): Promise<GiveawayRow | undefined> {
  const [row] = await queryRows<GiveawayRow>(
    db,
    sql`SELECT ${COLUMNS} FROM giveaways
        ORDER BY CASE WHEN starts_at <= ${now} AND ends_at > ${now} THEN 0
                      WHEN starts_at > ${now} THEN 1 ELSE 2 END,
                 CASE WHEN ends_at > ${now} THEN starts_at END ASC,
                 ends_at DESC, id DESC
        LIMIT 1`,
  );
  return row;
}

export async function giveawayById(
  db: Queryable,
  id: number,
  o: { lock?: boolean } = {},
): Promise<GiveawayRow | undefined> {
  const [row] = await queryRows<GiveawayRow>(
    db,
    sql`SELECT ${COLUMNS} FROM giveaways WHERE id = ${id} ${o.lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function allGiveaways(db: Queryable): Promise<GiveawayRow[]> {
  return queryRows<GiveawayRow>(
    db,
    sql`SELECT ${COLUMNS} FROM giveaways ORDER BY starts_at DESC, id DESC`,
  );
}

export interface GiveawayValues {
  slug: string;
  title: string;
  rules: string;
  startsAt: Date;
  endsAt: Date;
  productIds: number[];
}

const intArray = (ids: readonly number[]) =>
  ids.length === 0
    ? sql`'{}'::integer[]`
    : sql`ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::integer[]`;

/** Adds the giveaway; undefined when its slug is taken. */
export async function insertGiveaway(
  db: Queryable,
  v: GiveawayValues,
): Promise<GiveawayRow | undefined> {
  const [row] = await queryRows<GiveawayRow>(
    db,
    sql`INSERT INTO giveaways (slug, title, rules, starts_at, ends_at, product_ids)
        VALUES (${v.slug}, ${v.title}, ${v.rules}, ${v.startsAt}, ${v.endsAt},
                ${intArray(v.productIds)})
        ON CONFLICT (slug) DO NOTHING
        RETURNING ${COLUMNS}`,
  );
  return row;
}

/** Whether another giveaway than `id` has the slug. */
export async function slugTaken(db: Queryable, slug: string, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM giveaways WHERE slug = ${slug} AND id <> ${id}`,
  );
  return rows.length > 0;
}

export async function updateGiveaway(
  db: Queryable,
  id: number,
  v: GiveawayValues,
): Promise<GiveawayRow> {
  const [row] = await queryRows<GiveawayRow>(
    db,
    sql`UPDATE giveaways SET slug = ${v.slug}, title = ${v.title}, rules = ${v.rules},
               starts_at = ${v.startsAt}, ends_at = ${v.endsAt},
               product_ids = ${intArray(v.productIds)}
        WHERE id = ${id}
        RETURNING ${COLUMNS}`,
  );
  return row!;
}

export async function setPicture(db: Queryable, id: number, picture: string): Promise<GiveawayRow> {
  const [row] = await queryRows<GiveawayRow>(
    db,
    sql`UPDATE giveaways SET picture = ${picture} WHERE id = ${id} RETURNING ${COLUMNS}`,
  );
  return row!;
}

/** The ids of these products that exist. */
export async function existingProducts(db: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM products WHERE id = ANY(${intArray(ids)})`,
  );
  return rows.map((r) => r.id);
}

// ── entries ──

/** Adds the shopper's entry; false when they had entered already. */
export async function insertEntry(
  db: Queryable,
  e: {
    giveawayId: number;
    userId: number;
    affiliateId: number | null;
    campaignCode: string | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO giveaway_entries (giveaway_id, user_id, affiliate_id, campaign_code, created_at)
        VALUES (${e.giveawayId}, ${e.userId}, ${e.affiliateId}, ${e.campaignCode}, ${e.at})
        ON CONFLICT (giveaway_id, user_id) DO NOTHING
        RETURNING id`,
  );
  return rows.length > 0;
}

export async function hasEntered(
  db: Queryable,
  giveawayId: number,
  userId: number,
): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM giveaway_entries
        WHERE giveaway_id = ${giveawayId} AND user_id = ${userId}`,
  );
  return rows.length > 0;
}

export interface CodeCountRow {
  giveaway_id: number;
  kind: 'affiliate' | 'campaign' | 'none';
  code: string | null;
  name: string | null;
  entries: number | string;
}

/**
 * Entries per giveaway and referral: by affiliate, by campaign code (an entry credited to
 * neither counts under 'none'). An entry credited to both counts under each.
 */
export async function countsByCode(
  db: Queryable,
  giveawayIds: readonly number[],
): Promise<CodeCountRow[]> {
  if (giveawayIds.length === 0) return [];
  const ids = intArray(giveawayIds);
  return queryRows<CodeCountRow>(
    db,
    sql`SELECT e.giveaway_id, 'affiliate' AS kind, a.code, a.name, count(*) AS entries
        FROM giveaway_entries e JOIN affiliates a ON a.id = e.affiliate_id
        WHERE e.giveaway_id = ANY(${ids})
        GROUP BY e.giveaway_id, a.code, a.name
        UNION ALL
        SELECT e.giveaway_id, 'campaign', c.code, c.name, count(*)
        FROM giveaway_entries e JOIN campaign_codes c ON c.code = e.campaign_code
        WHERE e.giveaway_id = ANY(${ids})
        GROUP BY e.giveaway_id, c.code, c.name
        UNION ALL
        SELECT e.giveaway_id, 'none', NULL, NULL, count(*)
        FROM giveaway_entries e
        WHERE e.giveaway_id = ANY(${ids}) AND e.affiliate_id IS NULL AND e.campaign_code IS NULL
        GROUP BY e.giveaway_id
        ORDER BY 1, 5 DESC, 3`,
  );
}

/** Entries per giveaway, of accounts not erased (as the draw counts them). */
export async function entryCounts(
  db: Queryable,
  giveawayIds: readonly number[],
): Promise<Map<number, number>> {
  if (giveawayIds.length === 0) return new Map();
  const rows = await queryRows<{ giveaway_id: number; n: number | string }>(
    db,
    sql`SELECT e.giveaway_id, count(*) AS n
        FROM giveaway_entries e JOIN users u ON u.id = e.user_id
        WHERE e.giveaway_id = ANY(${intArray(giveawayIds)}) AND u.erased_at IS NULL
        GROUP BY e.giveaway_id`,
  );
  return new Map(rows.map((r) => [r.giveaway_id, Number(r.n)]));
}

/**
 * The giveaway's entry ids in id order, of accounts not erased: the list the draw's index
 * points into.
 */
export async function entryIds(db: Queryable, giveawayId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`SELECT e.id FROM giveaway_entries e JOIN users u ON u.id = e.user_id
        WHERE e.giveaway_id = ${giveawayId} AND u.erased_at IS NULL ORDER BY e.id`,
  );
  return rows.map((r) => Number(r.id));
}

export interface WinnerRow {
  entry_id: number | string;
  user_id: number;
  name: string;
  email: string;
}

export async function winners(db: Queryable, entryIdList: readonly number[]): Promise<WinnerRow[]> {
  if (entryIdList.length === 0) return [];
  return queryRows<WinnerRow>(
    db,
    sql`SELECT e.id AS entry_id, u.id AS user_id, u.name, u.email
        FROM giveaway_entries e JOIN users u ON u.id = e.user_id
        WHERE e.id = ANY(ARRAY[${sql.join(
          entryIdList.map((id) => sql`${id}`),
          sql`, `,
        )}]::bigint[])`,
  );
}

export async function recordDraw(
  db: Queryable,
  id: number,
  d: { seed: string; winnerEntryId: number; at: Date },
): Promise<GiveawayRow> {
  const [row] = await queryRows<GiveawayRow>(
    db,
    sql`UPDATE giveaways SET drawn_at = ${d.at}, draw_seed = ${d.seed},
               winner_entry_id = ${d.winnerEntryId}
        WHERE id = ${id} AND drawn_at IS NULL
        RETURNING ${COLUMNS}`,
  );
  return row!;
}
