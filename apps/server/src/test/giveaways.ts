// Giveaways for tests: one open now, ended or upcoming, and entries written directly.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { createUser } from './factories.js';

const HOUR = 60 * 60 * 1000;
let serial = 0;

export interface GiveawayOverrides {
  slug?: string;
  title?: string;
  /** 'open' (default): started an hour ago, ends in a day. */
  when?: 'open' | 'ended' | 'upcoming';
  productIds?: number[];
}

export async function createGiveaway(
  db: Db,
  o: GiveawayOverrides = {},
): Promise<{ id: number; slug: string }> {
  const now = Date.now();
  const [starts, ends] =
    o.when === 'ended'
      ? [now - 48 * HOUR, now - HOUR]
      : o.when === 'upcoming'
        ? [now + HOUR, now + 48 * HOUR]
        : [now - HOUR, now + 24 * HOUR];
  const slug = o.slug ?? `giveaway-${process.pid}-${++serial}`;
  const ids = o.productIds ?? [];
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO giveaways (slug, title, rules, starts_at, ends_at, product_ids)
        VALUES (${slug}, ${o.title ?? 'Signed derby jersey'}, 'One entry per shopper.',
                ${new Date(starts)}, ${new Date(ends)},
                ${
                  ids.length
                    ? sql`ARRAY[${sql.join(
                        ids.map((id) => sql`${id}`),
                        sql`, `,
                      )}]::integer[]`
                    : sql`'{}'::integer[]`
                })
        RETURNING id`,
  );
  return { id: row!.id, slug };
}

/** An entry by a new shopper (or the given one); returns the entry's id. */
export async function addEntry(db: Db, giveawayId: number, userId?: number): Promise<number> {
  const user = userId ?? (await createUser(db)).id;
  const [row] = await queryRows<{ id: number | string }>(
    db,
    sql`INSERT INTO giveaway_entries (giveaway_id, user_id) VALUES (${giveawayId}, ${user})
        RETURNING id`,
  );
  return Number(row!.id);
}
