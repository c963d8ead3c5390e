// SQL of the tax domain's reads: an order and its lines as the GST computation needs them.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface TaxOrderRow {
  id: number;
  state: string;
  discount_paise: number;
  shipping_paise: number;
  cod_fee_paise: number;
  total_paise: number;
}

export async function orderForTax(
  db: Queryable,
  orderId: number,
): Promise<TaxOrderRow | undefined> {
  const [row] = await queryRows<TaxOrderRow>(
    db,
    sql`SELECT id, state, discount_paise, shipping_paise, cod_fee_paise, total_paise FROM orders
        WHERE id = ${orderId}`,
  );
  return row;
}

export interface TaxLineRow {
  id: number;
  product_id: number;
  product_name: string;
  size: string;
  quantity: number;
  unit_price_paise: number;
  discount_paise: number | null;
  hsn_code: string;
  print_name: string;
  print_number: number | null;
  print_patch: boolean;
  print_price_paise: number;
}

/** The order's lines in the order they were placed, with their product's HSN code now. */
export async function orderLinesForTax(db: Queryable, orderId: number): Promise<TaxLineRow[]> {
  return queryRows<TaxLineRow>(
    db,
    sql`SELECT oi.id, oi.product_id, oi.product_name, oi.size, oi.quantity, oi.unit_price_paise,
               oi.discount_paise, p.hsn_code, oi.print_name, oi.print_number, oi.print_patch,
               oi.print_price_paise
        FROM order_items oi JOIN products p ON p.id = oi.product_id
        WHERE oi.order_id = ${orderId}
        ORDER BY oi.id`,
  );
}
