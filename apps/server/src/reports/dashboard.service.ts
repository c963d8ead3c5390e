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
import type { Db } from '../db/client.js';
import { indianDayOf, indianDaysBetween, indianMidnight } from '../indian-days.js';
import * as q from './dashboard.queries.js';

/**
 * Sales: the ended days of the 30 and of the month from their rollups (written or refreshed
 * first, when missing or stale), and today's orders read live.
 */
async function sales(db: Db, today: string, topCount: number): Promise<DashboardSales> {
  const first = indianDayOf(indianMidnight(today, 1 - DASHBOARD_DAYS));
  const monthFirst = `${today.slice(0, 8)}01`;
  const from = first < monthFirst ? first : monthFirst;
  const yesterday = indianDayOf(indianMidnight(today, -1));
  const todayFrom = indianMidnight(today);
  await db.transaction((tx) => q.refreshSalesDays(tx, { from, first, last: yesterday }));
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
