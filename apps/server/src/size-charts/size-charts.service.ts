// Size charts (decision 047): staff keep one chart per fit (fan, player, kids) and choose the
// chart each category's shirts are cut to; the product page asks for its category's chart
// when the shopper opens the size-chart dialog. Every change is audited.
import type { SizeChart } from '@kitroom/contract';
import type {
  AdminSizeChart,
  SizeChartCategory,
  SizeChartListResponse,
} from '@kitroom/contract/admin';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './size-charts.queries.js';

export const CHART_NOT_FOUND = 'No size chart has this id.';
export const CATEGORY_NOT_FOUND = 'No category has this id.';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const CHART_NAME_TAKEN = 'name: another size chart already has this name';

/** The chart of the product's category, or null when it has none; NotFound for no product. */
export async function chartOfProduct(db: Db, productId: number): Promise<SizeChart | null> {
  const found = await q.chartOfProduct(db, productId);
  if (!found) throw new NotFound(PRODUCT_NOT_FOUND);
  return found.chart;
}

/** Every chart, and which chart each category uses. */
export async function listCharts(db: Db): Promise<SizeChartListResponse> {
  return { size_charts: await q.listCharts(db), categories: await q.listCategories(db) };
}

/** Adds a chart (the input is the contract's checked SizeChartInput). */
export async function createChart(
  db: Db,
  actor: Actor,
  input: q.ChartWrite,
): Promise<AdminSizeChart> {
  return db.transaction(async (tx) => {
    const id = await q.insertChart(tx, input);
    if (id === undefined) throw new Conflict(CHART_NAME_TAKEN);
    await record(tx, actor, {
      entity: 'size_chart',
      entityId: id,
      action: 'create',
      after: { ...input },
    });
    return { id, ...input, rows: [...input.rows] };
  });
}

/** Replaces a chart's name, fit note and rows. */
export async function updateChart(
  db: Db,
  actor: Actor,
  id: number,
  input: q.ChartWrite,
): Promise<AdminSizeChart> {
  return db.transaction(async (tx) => {
    const before = await q.findChart(tx, id);
    if (!before) throw new NotFound(CHART_NOT_FOUND);
    if (!(await q.updateChart(tx, id, input))) throw new Conflict(CHART_NAME_TAKEN);
    await record(tx, actor, {
      entity: 'size_chart',
      entityId: id,
      action: 'update',
      before: { name: before.name, fit_note: before.fit_note, rows: before.rows },
      after: { ...input },
    });
    return { id, ...input, rows: [...input.rows] };
  });
}

/** Sets the chart a category's shirts are cut to, or none. */
export async function setCategoryChart(
  db: Db,
  actor: Actor,
  categoryId: number,
  chartId: number | null,
): Promise<SizeChartCategory> {
  return db.transaction(async (tx) => {
    const category = await q.findCategory(tx, categoryId);
    if (!category) throw new NotFound(CATEGORY_NOT_FOUND);
    if (chartId !== null && !(await q.findChart(tx, chartId))) throw new NotFound(CHART_NOT_FOUND);
    if (category.size_chart_id !== chartId) {
      await q.setCategoryChart(tx, categoryId, chartId);
      await record(tx, actor, {
        entity: 'category',
        entityId: categoryId,
        action: 'size-chart',
        before: { size_chart_id: category.size_chart_id },
        after: { size_chart_id: chartId },
      });
    }
    return { ...category, size_chart_id: chartId };
  });
}

/** The demo seed's charts, each given to its categories (by name). */
export async function seedSizeCharts(
  tx: Queryable,
  charts: readonly (q.ChartWrite & { categories: readonly string[] })[],
): Promise<void> {
  for (const { categories, ...chart } of charts) {
    await q.setCategoriesChartByName(tx, categories, await q.upsertChart(tx, chart));
  }
}
