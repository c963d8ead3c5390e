// Size charts: each size's body measurements in centimetres and a fit note, per fit (fan,
// player, kids); a category names the chart its shirts are cut to. The product page shows the
// chart of its product's category in a dialog (size_chart.php), loaded when it opens.
import { z } from 'zod';
import { Id } from './common.js';

export const SIZE_CHART_MAX_ROWS = 12;

/** A measurement in centimetres: whole or half, 20 to 200. */
const Centimetres = (what: string) =>
  z
    .number({ error: `${what}: a number of centimetres` })
    .min(20, `${what}: at least 20 cm`)
    .max(200, `${what}: at most 200 cm`)
    .multipleOf(0.5, `${what}: whole or half centimetres`);

export const SizeChartRow = z.object({
  size: z.string().trim().min(1, 'size: a name').max(12, 'size: 12 characters at most'),
  chest_cm: Centimetres('chest'),
  length_cm: Centimetres('length'),
});
export type SizeChartRow = z.infer<typeof SizeChartRow>;

/** What the shopper sees: the chart's name, its fit note and its rows in order. */
export const SizeChart = z.object({
  name: z.string(),
  fit_note: z.string(),
  rows: z.array(SizeChartRow),
});
export type SizeChart = z.infer<typeof SizeChart>;

/** A chart as staff write it: a name, a fit note, and 1 to 12 sizes, each named once. */
export const SizeChartInput = z
  .object({
    name: z.string().trim().min(1, 'name: a name').max(60, 'name: 60 characters at most'),
    fit_note: z.string().trim().max(300, 'fit note: 300 characters at most'),
    rows: z
      .array(SizeChartRow)
      .min(1, 'rows: at least one size')
      .max(SIZE_CHART_MAX_ROWS, `rows: ${SIZE_CHART_MAX_ROWS} sizes at most`),
  })
  .refine((c) => new Set(c.rows.map((r) => r.size)).size === c.rows.length, {
    message: 'rows: each size once',
    path: ['rows'],
  });
export type SizeChartInput = z.input<typeof SizeChartInput>;

// ── POST /api/size_chart.php ──

/** The product's size chart: its category's, or null when the category has none. 404: no product. */
export const SizeChartRequest = z.object({ product_id: Id });
export type SizeChartRequest = z.input<typeof SizeChartRequest>;

export const SizeChartResponse = z.object({ size_chart: SizeChart.nullable() });
export type SizeChartResponse = z.infer<typeof SizeChartResponse>;
