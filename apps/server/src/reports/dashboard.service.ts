// The dashboard: each part computed only for a role that may see it.
import {
  DASHBOARD_DAYS,
  DASHBOARD_LOW_STOCK_ROWS,
  DASHBOARD_TOP_PRODUCTS,
  roleMay,
  type DashboardResponse,
  type DashboardSales,
  type StaffRole,
} from '@kitroom/contract/admin';
import type { Db, Queryable } from '../db/index.js';
import { indianDayOf, indianDaysBetween, indianMidnight } from '../indian-days.js';
import * as q from './dashboard.queries.js';

/**
 * Rolls up the ended days the dashboard shows (the 30-day window and the month) that are
 * missing or marked stale, and rebuilds the window's sales per product when they changed or
 * the window moved: the best sellers' and the storefront's popular sort's figures (decision
 * 060). Cheap when done already (tens of milliseconds for a new day).
 */
export async function rollUpSales(db: Queryable, today: string): Promise<void> {
  const { from, first, yesterday } = salesDays(today);
  await db.transaction((tx) => q.refreshSalesDays(tx, { from, first, last: yesterday }));
}

/** The days the dashboard's sales cover: the 30-day window's first, the month's, the earlier. */
function salesDays(today: string) {
  const first = indianDayOf(indianMidnight(today, 1 - DASHBOARD_DAYS));
  const monthFirst = `${today.slice(0, 8)}01`;
  const from = first < monthFirst ? first : monthFirst;
  const yesterday = indianDayOf(indianMidnight(today, -1));
  return { first, monthFirst, from, yesterday };
}

/**
 * Sales: the ended days of the 30 and of the month from their rollups (written or refreshed
 * first, when missing or stale), and today's orders read live.
 */
async function sales(db: Db, today: string, topCount: number): Promise<DashboardSales> {
  const { first, monthFirst, from, yesterday } = salesDays(today);
  const todayFrom = indianMidnight(today);
  await rollUpSales(db, today);
  const [todays, ended, top, refundsToday, refundsMonth] = await Promise.all([
    q.salesSince(db, todayFrom),
    q.rolledUpDays(db, from, yesterday),
    q.topProducts(db, todayFrom, topCount),
    q.refundsSince(db, todayFrom),
    q.refundsSince(db, indianMidnight(monthFirst)),
  ]);
  const byDay = new Map(ended.map((d) => [d.day, d]));
  byDay.set(today, { day: today, ...todays });
  const month = [...byDay.values()]
    .filter((d) => d.day >= monthFirst)
    .reduce((sum, d) => ({ orders: sum.orders + d.orders, paise: sum.paise + d.paise }), {
      orders: 0,
      paise: 0,
    });
  const net = (s: q.SalesTotal, refunds: number) => ({
    ...s,
    refunds_paise: refunds,
    net_paise: s.paise - refunds,
  });
  return {
    today: net(todays, refundsToday),
    month: net(month, refundsMonth),
    days: indianDaysBetween(first, today).map(
      (day) => byDay.get(day) ?? { day, orders: 0, paise: 0 },
    ),
    top_products: top,
  };
}

export async function dashboard(
  db: Db,
  role: StaffRole,
  now = new Date(),
  topCount = DASHBOARD_TOP_PRODUCTS,
): Promise<DashboardResponse> {
  const today = indianDayOf(now);
  const [salesPart, toPack, lowStock] = await Promise.all([
    roleMay(role, 'reports.read') ? sales(db, today, topCount) : null,
    roleMay(role, 'orders.read') ? q.ordersToPack(db) : null,
    roleMay(role, 'catalogue.read') ? q.lowStockSizes(db, DASHBOARD_LOW_STOCK_ROWS) : null,
  ]);
  return {
    today,
    sales: salesPart,
    to_pack: toPack && {
      count: toPack.count,
      oldest_paid_at: toPack.oldest_paid_at?.toISOString() ?? null,
    },
    low_stock: lowStock,
  };
}
