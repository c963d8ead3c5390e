// Kit launches for tests (decision 070): one upcoming, on or over, written directly.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows, sqlList } from '../db/sql.js';
import { forgetLiveLaunches } from '../launches/launches.service.js';
import { createProduct } from './factories.js';

const MINUTE = 60_000;

export interface LaunchOverrides {
  name?: string;
  /** 'upcoming' (default): starts in an hour; 'on': started a minute ago; 'over': ended. */
  when?: 'upcoming' | 'on' | 'over';
  /** Overrides `when`. */
  startsAt?: Date;
  limitsUntil?: Date;
  perFanLimit?: number;
  codAllowed?: boolean;
  holdMinutes?: number;
  /** Minutes before the start the waiting room opens; 0 (default here): no waiting room. */
  queueOpensMinutes?: number;
  admitPerMinute?: number;
  turnMinutes?: number;
  productIds?: number[];
}

export async function createLaunch(
  db: Db,
  o: LaunchOverrides = {},
): Promise<{ id: number; productIds: number[] }> {
  const now = Date.now();
  const starts =
    o.startsAt?.getTime() ??
    (o.when === 'on'
      ? now - MINUTE
      : o.when === 'over'
        ? now - 3 * 24 * 60 * MINUTE
        : now + 60 * MINUTE);
  const until =
    o.limitsUntil?.getTime() ?? (o.when === 'over' ? now - MINUTE : starts + 24 * 60 * MINUTE);
  const productIds = o.productIds ?? [await createProduct(db)];
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO launches (name, starts_at, limits_until, per_fan_limit, cod_allowed, hold_minutes,
                              queue_opens_minutes, admit_per_minute, turn_minutes)
        VALUES (${o.name ?? 'Home kit 26/27'}, ${new Date(starts)}, ${new Date(until)},
                ${o.perFanLimit ?? 2}, ${o.codAllowed ?? false}, ${o.holdMinutes ?? 10},
                ${o.queueOpensMinutes ?? 0}, ${o.admitPerMinute ?? 300}, ${o.turnMinutes ?? 10})
        RETURNING id`,
  );
  await db.execute(
    sql`INSERT INTO launch_products (launch_id, product_id)
        SELECT ${row!.id}, unnest(ARRAY[${sqlList(productIds)}]::int[])`,
  );
  forgetLiveLaunches();
  return { id: row!.id, productIds };
}
