// The sorts of listings and search (decision 063): a window of the products matching a
// condition in one sort's order, its ids kept in the catalogue cache until that order can
// have changed, and the rows read by id in that order.
import type { ListingSort } from '@kitroom/contract';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { indianDayOf } from '../indian-days.js';
import { POPULAR_ORDER, RATING_ORDER } from './catalogue-cache.js';
import * as q from './catalogue.queries.js';
import type { CachedAt } from './catalogue.service.js';

/**
 * What brings the popular sort's sales window up to date: the dashboard's rollup, which app.ts
 * hands in at start-up (reports/ sits above catalogue/, decision 060). Until then the window
 * serves as it stands.
 */
let rollUpSales: ((db: Queryable, day: string) => Promise<void>) | null = null;

export function useSalesRollup(rollUp: (db: Queryable, day: string) => Promise<void>): void {
  rollUpSales = rollUp;
}

/**
 * The products a sort's order follows besides the catalogue version (which covers stock
 * running out or back, prices and dates): the product log's pseudo products for any rating
 * change and for a new sales window (migration 0039).
 */
export function orderFollows(sort: ListingSort | undefined): number[] {
  return sort === 'rating' ? [RATING_ORDER] : sort === 'popular' ? [POPULAR_ORDER] : [];
}

/**
 * Ids of a window of the products matching `where`, in `sort`'s order. Kept in the catalogue
 * cache until that order can have changed (orderFollows), not when a shown product's stock
 * does: a response recomputed after an order reads 50 rows by id instead of sorting every
 * match again. `key` names the window and the condition. The popular order reads the sales
 * of the 30 ended days; the first one of a day rolls the day before up first.
 */
export async function sortedIds(
  db: Queryable,
  cached: CachedAt,
  key: string,
  where: SQL,
  sort: ListingSort,
  count: number,
  offset = 0,
): Promise<number[]> {
  const { cache, version } = cached;
  let day = '';
  if (sort === 'popular') {
    day = indianDayOf(new Date());
    // A rollup that fails (the database refusing writes) is tried again by the next popular
    // order computed; meanwhile the window as it stands serves.
    const rollUp = rollUpSales;
    if (rollUp) {
      await cache.get(version, `sales:${day}`, () => rollUp(db, day)).catch(() => undefined);
    }
  }
  return cache.result(version, `order:${sort}:${day}:${key}`, async () => {
    const ids = await q.sortedIds(db, where, sort, count, offset);
    return { value: ids, products: orderFollows(sort), bytes: 8 * ids.length + 64 };
  });
}

/** Product rows in the order of the given ids; ids of products gone are dropped. */
export async function rowsInOrder(db: Queryable, ids: readonly number[]): Promise<q.ProductRow[]> {
  const rows = await q.productsByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
