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
import type { Queryable } from '../db/client.js';
import { indianDayOf, indianDaysBetween, indianMidnight } from '../indian-days.js';
import * as q from './dashboard.queries.js';

async function sales(db: Queryable, today: string): Promise<DashboardSales> {
  const first = indianDayOf(indianMidnight(today, 1 - DASHBOARD_DAYS));
  const from = indianMidnight(first);
  const [todays, month, perDay, top] = await Promise.all([
    q.salesSince(db, indianMidnight(today)),
    q.salesSince(db, indianMidnight(`${today.slice(0, 8)}01`)),
    q.salesPerDay(db, from),
    q.topProducts(db, from, DASHBOARD_TOP_PRODUCTS),
  ]);
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  return {
    today: todays,
    month,
    days: indianDaysBetween(first, today).map(
      (day) => byDay.get(day) ?? { day, orders: 0, paise: 0 },
    ),
    top_products: top,
  };
}

export async function dashboard(
  db: Queryable,
  role: StaffRole,
  now = new Date(),
): Promise<DashboardResponse> {
  const today = indianDayOf(now);
  const [salesPart, toPack, lowStock] = await Promise.all([
    roleMay(role, 'reports.read') ? sales(db, today) : null,
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
