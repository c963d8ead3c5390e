// SQL of name and number printing: a product's settings, and the offers of the products a cart
// or an order names.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface PrintingRow {
  product_id: number;
  enabled: boolean;
  name_paise: number;
  number_paise: number;
  patch_paise: number | null;
  colour: string;
}

const columns = sql`product_id, enabled, name_paise, number_paise, patch_paise, colour`;

/** The product's printing row; `lock`: FOR UPDATE (a staff change). */
export async function printingOf(
  db: Queryable,
  productId: number,
  lock = false,
): Promise<PrintingRow | undefined> {
  const [row] = await queryRows<PrintingRow>(
    db,
    sql`SELECT ${columns} FROM product_printing WHERE product_id = ${productId}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

/** Inserts or replaces the product's printing. */
export async function savePrinting(db: Queryable, row: PrintingRow): Promise<void> {
  await db.execute(
    sql`INSERT INTO product_printing (${columns}, updated_at)
        VALUES (${row.product_id}, ${row.enabled}, ${row.name_paise}, ${row.number_paise},
                ${row.patch_paise}, ${row.colour}, now())
        ON CONFLICT (product_id) DO UPDATE SET enabled = EXCLUDED.enabled,
          name_paise = EXCLUDED.name_paise, number_paise = EXCLUDED.number_paise,
          patch_paise = EXCLUDED.patch_paise, colour = EXCLUDED.colour, updated_at = now()`,
  );
}

/** The switched-on printing of these products (products without it are left out). */
export async function enabledPrinting(
  db: Queryable,
  productIds: readonly number[],
): Promise<PrintingRow[]> {
  if (productIds.length === 0) return [];
  const ids = sql.join(
    productIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return queryRows<PrintingRow>(
    db,
    sql`SELECT ${columns} FROM product_printing WHERE enabled AND product_id IN (${ids})`,
  );
}
