// The back office's size charts: each chart with the categories cut to it, and which chart
// each category uses.
import { z } from 'zod';
import { Id } from '../common.js';
import { SizeChartInput, SizeChartRow } from '../size-charts.js';

export { SizeChartInput };

export const AdminSizeChart = z.object({
  id: z.number().int(),
  name: z.string(),
  fit_note: z.string(),
  rows: z.array(SizeChartRow),
});
export type AdminSizeChart = z.infer<typeof AdminSizeChart>;

export const SizeChartCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  size_chart_id: z.number().int().nullable(),
});
export type SizeChartCategory = z.infer<typeof SizeChartCategory>;

export const SizeChartListResponse = z.object({
  size_charts: z.array(AdminSizeChart),
  categories: z.array(SizeChartCategory),
});
export type SizeChartListResponse = z.infer<typeof SizeChartListResponse>;

export const SizeChartIdParams = z.object({ id: Id });
export type SizeChartIdParams = z.input<typeof SizeChartIdParams>;

export const AdminSizeChartResponse = z.object({ size_chart: AdminSizeChart });

/** The chart a category's shirts are cut to; null: none (the product page offers no chart). */
export const CategorySizeChartRequest = z.object({
  size_chart_id: z.number({ error: 'size_chart_id: an id or null' }).int().positive().nullable(),
});
export type CategorySizeChartRequest = z.input<typeof CategorySizeChartRequest>;

export const CategorySizeChartResponse = z.object({ category: SizeChartCategory });
