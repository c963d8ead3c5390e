// SQL of delivery challans (schema: tax_documents of kind 'delivery_challan'; written by
// invoices.queries.ts's insertDocument): an exchange's challans, and whether an id is one.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export async function challansOfReturn(db: Queryable, returnId: number) {
  return queryRows<{ id: number; number: string; issued_at: Date | string }>(
    db,
    sql`SELECT id, number, issued_at FROM tax_documents
        WHERE kind = 'delivery_challan' AND return_id = ${returnId} ORDER BY id`,
  );
}

export async function isChallan(db: Queryable, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM tax_documents WHERE kind = 'delivery_challan' AND id = ${id}`,
  );
  return rows.length > 0;
}
