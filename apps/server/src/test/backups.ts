// Backup tests' helpers: a small shop (products, shoppers, paid orders, an invoice and a
// credit note, a picture) and every table's rows as text, to compare a restored shop with the
// one backed up.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { createProduct, createUser } from './factories.js';
import { createPaidOrder } from './order-factories.js';
import { seedCreditNote, seedInvoice } from './tax-documents.js';

/** A few of everything, and one picture under DATA_DIR/images/products. */
export async function smallShop(db: Db, dataDir: string): Promise<void> {
  const productId = await createProduct(db);
  for (let i = 0; i < 3; i++) {
    const user = await createUser(db);
    await createPaidOrder(db, {
      userId: user.id,
      items: [{ productId, size: 'M', quantity: 1 + i }],
    });
  }
  const invoice = await seedInvoice(db, {
    number: 'KR/26-27/000001',
    issuedAt: '2026-11-05T06:00:00Z',
    state: 'Kerala',
    lines: [{ quantity: 1, unitPricePaise: 149_900, rateBp: 500 }],
  });
  await seedCreditNote(db, invoice, {
    number: 'CN/26-27/000001',
    issuedAt: '2026-11-07T06:00:00Z',
    state: 'Kerala',
    lines: [{ quantity: 1, unitPricePaise: 149_900, rateBp: 500 }],
  });
  await writePicture(dataDir, 'products/backup-test.webp', 'a picture');
}

export async function writePicture(dataDir: string, name: string, text: string): Promise<void> {
  const file = path.join(dataDir, 'images', name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

/** Every table's rows (public and drizzle's migrations), each row as JSON text, sorted. */
export async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname IN ('public', 'drizzle') AND c.relkind = 'r' ORDER BY 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ r: string }>(
      db,
      sql.raw(`SELECT to_jsonb(x)::text AS r FROM ${name} x`),
    );
    out[name] = rows.map((r) => r.r).sort();
  }
  return out;
}

/** How many rows each table has (to see a test compared something). */
export function rowCounts(rows: Record<string, string[]>): Record<string, number> {
  return Object.fromEntries(Object.entries(rows).map(([t, r]) => [t, r.length]));
}
