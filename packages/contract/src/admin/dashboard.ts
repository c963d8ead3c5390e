// The back office's first page: sales today, this month and over 30 days, the best sellers,
// orders waiting to be packed and sizes running low. Each part is there only for a role that
// may see it (sales: reports.read; orders: orders.read; stock: catalogue.read), null otherwise.
import { z } from 'zod';

/** How many days the sales chart and the best sellers cover, today included. */
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_TOP_PRODUCTS = 5;
export const DASHBOARD_LOW_STOCK_ROWS = 20;

const Paise = z.number().int();
const Count = z.number().int().nonnegative();

export const SalesDay = z.object({
  /** An Indian day (Asia/Kolkata), YYYY-MM-DD. */
  day: z.string(),
  orders: Count,
  paise: Paise,
});
export type SalesDay = z.infer<typeof SalesDay>;

export const TopProduct = z.object({
  product_id: z.number().int(),
  name: z.string(),
  image_url: z.string(),
  units: Count,
  paise: Paise,
});
export type TopProduct = z.infer<typeof TopProduct>;

/**
 * Paid orders not canceled and their totals (gross), the money given back in the period
 * (refunds processed then, of orders still counted as sales) and what is kept (net).
 */
const SalesPeriod = z.object({
  orders: Count,
  paise: Paise,
  refunds_paise: Paise,
  net_paise: z.number().int(),
});

export const DashboardSales = z.object({
  today: SalesPeriod,
  month: SalesPeriod,
  /** The last DASHBOARD_DAYS Indian days, oldest first, a day without sales included. */
  days: z.array(SalesDay),
  top_products: z.array(TopProduct),
});
export type DashboardSales = z.infer<typeof DashboardSales>;

export const DashboardToPack = z.object({
  count: Count,
  /** When the longest-waiting one was paid (ISO), null when none waits. */
  oldest_paid_at: z.string().nullable(),
});
export type DashboardToPack = z.infer<typeof DashboardToPack>;

export const LowStockSize = z.object({
  product_id: z.number().int(),
  name: z.string(),
  size: z.string(),
  stock: Count,
  threshold: Count,
});
export type LowStockSize = z.infer<typeof LowStockSize>;

export const DashboardLowStock = z.object({
  /** Sizes of products on sale at or below their product's threshold, counted up to 1,000. */
  count: Count,
  /** More low sizes than `count` (the count stopped at its cap). */
  more: z.boolean(),
  /** The emptiest first, at most DASHBOARD_LOW_STOCK_ROWS. */
  sizes: z.array(LowStockSize),
});
export type DashboardLowStock = z.infer<typeof DashboardLowStock>;

export const DashboardResponse = z.object({
  /** The Indian day the figures are for. */
  today: z.string(),
  sales: DashboardSales.nullable(),
  to_pack: DashboardToPack.nullable(),
  low_stock: DashboardLowStock.nullable(),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
