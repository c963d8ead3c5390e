// SQL of the size charts (schema: size_charts, categories.size_chart_id).
import type { SizeChartRow } from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface ChartRow {
  id: number;
  name: string;
  fit_note: string;
  rows: SizeChartRow[];
}

export interface CategoryChartRow {
  id: number;
  name: string;
  size_chart_id: number | null;
}

export interface ChartRowsOnly {
  name: string;
  fit_note: string;
  rows: SizeChartRow[];
}

export interface ChartWrite {
  name: string;
  fit_note: string;
  rows: readonly SizeChartRow[];
}

export function listCharts(db: Queryable): Promise<ChartRow[]> {
  return queryRows<ChartRow>(
    db,
    sql`SELECT id, name, fit_note, rows FROM size_charts ORDER BY name`,
  );
}

export async function findChart(db: Queryable, id: number): Promise<ChartRow | undefined> {
  const [row] = await queryRows<ChartRow>(
    db,
    sql`SELECT id, name, fit_note, rows FROM size_charts WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

export function listCategories(db: Queryable): Promise<CategoryChartRow[]> {
  return queryRows<CategoryChartRow>(
    db,
    sql`SELECT id, name, size_chart_id FROM categories ORDER BY position, name`,
  );
}

export async function findCategory(
  db: Queryable,
  id: number,
): Promise<CategoryChartRow | undefined> {
  const [row] = await queryRows<CategoryChartRow>(
    db,
    sql`SELECT id, name, size_chart_id FROM categories WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

/** Returns the new id, or undefined when the name is taken. */
export async function insertChart(db: Queryable, c: ChartWrite): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO size_charts (name, fit_note, rows)
        VALUES (${c.name}, ${c.fit_note}, ${JSON.stringify(c.rows)}::jsonb)
        ON CONFLICT (name) DO NOTHING RETURNING id`,
  );
  return row?.id;
}

/** False when another chart has the name. */
export async function updateChart(db: Queryable, id: number, c: ChartWrite): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE size_charts SET name = ${c.name}, fit_note = ${c.fit_note},
               rows = ${JSON.stringify(c.rows)}::jsonb
         WHERE id = ${id}
           AND NOT EXISTS (SELECT 1 FROM size_charts o WHERE o.name = ${c.name} AND o.id <> ${id})
        RETURNING id`,
  );
  return rows.length > 0;
}

export async function setCategoryChart(
  db: Queryable,
  categoryId: number,
  chartId: number | null,
): Promise<void> {
  await db.execute(sql`UPDATE categories SET size_chart_id = ${chartId} WHERE id = ${categoryId}`);
}

/**
 * The chart of the product's category: undefined when no product has this id, `chart` null
 * when its category has none.
 */
export async function chartOfProduct(
  db: Queryable,
  productId: number,
): Promise<{ chart: ChartRowsOnly | null } | undefined> {
  const [row] = await queryRows<{
    name: string | null;
    fit_note: string | null;
    rows: SizeChartRow[] | null;
  }>(
    db,
    sql`SELECT s.name, s.fit_note, s.rows
          FROM products p
          JOIN categories c ON c.id = p.category_id
          LEFT JOIN size_charts s ON s.id = c.size_chart_id
         WHERE p.id = ${productId}`,
  );
  if (!row) return undefined;
  if (row.name === null || row.rows === null) return { chart: null };
  return { chart: { name: row.name, fit_note: row.fit_note ?? '', rows: row.rows } };
}

/** Writes a chart by name (a second seed replaces it) and returns its id. */
export async function upsertChart(db: Queryable, c: ChartWrite): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO size_charts (name, fit_note, rows)
        VALUES (${c.name}, ${c.fit_note}, ${JSON.stringify(c.rows)}::jsonb)
        ON CONFLICT (name) DO UPDATE SET fit_note = excluded.fit_note, rows = excluded.rows
        RETURNING id`,
  );
  return row!.id;
}

export async function setCategoriesChartByName(
  db: Queryable,
  names: readonly string[],
  chartId: number,
): Promise<void> {
  if (names.length === 0) return;
  await db.execute(
    sql`UPDATE categories SET size_chart_id = ${chartId}
         WHERE name IN (SELECT jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))`,
  );
}
