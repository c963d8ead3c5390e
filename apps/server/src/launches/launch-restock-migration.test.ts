// Migration 0050 on a shop that already had launches (decision 088): launches over or canceled
// count as done (no mails written for them at the upgrade nor by the next sweep); one still on
// keeps its held-back mails for its end; the rows the shop had stay. On the engine under test.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/index.js';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../test/database.js';
import { ensureCategory } from '../test/factories.js';
import { migrateUpTo } from '../test/migration-fixture.js';
import { writeRestockMails } from './launches.service.js';

let database: Database;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') {
    const created = await createEmptyPostgresDatabase();
    database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    cleanUp = created.drop;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-0050-'));
    database = await openDatabase({ pgliteDir: dir });
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
afterAll(async () => {
  await database?.close();
  await cleanUp?.();
});

it('marks the launches already over or canceled as done, and keeps a launch on for its end', async () => {
  const db = database.db;
  await migrateUpTo(database, '0049_courier_news_before_booking');
  const launchOf = async (name: string, starts: string, until: string, canceled: boolean) => {
    // A product as the schema of 0049 holds it (its stock_quantity beside the sizes').
    const [made] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO products (name, price_paise, discount_price_paise, image_url,
                                stock_quantity, category_id)
          VALUES (${`${name} Jersey`}, 100000, 100000, '', 2,
                  ${await ensureCategory(db, 'Club Jerseys')})
          RETURNING id`,
    );
    const product = made!.id;
    await db.execute(
      sql`INSERT INTO product_sizes (product_id, size, position, stock)
          VALUES (${product}, 'M', 0, 2)`,
    );
    await db.execute(
      sql`INSERT INTO back_in_stock_requests (product_id, size, email, confirmed_at)
          VALUES (${product}, 'M', ${`${name}@example.com`}, now())`,
    );
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO launches (name, starts_at, limits_until, per_fan_limit, hold_minutes, canceled_at)
          VALUES (${name}, now() + ${starts}::interval, now() + ${until}::interval, 1, 5,
                  ${canceled ? sql`now()` : sql`NULL`})
          RETURNING id`,
    );
    await db.execute(
      sql`INSERT INTO launch_products (launch_id, product_id) VALUES (${row!.id}, ${product})`,
    );
    return row!.id;
  };
  const over = await launchOf('over', '-3 days', '-2 days', false);
  const canceled = await launchOf('canceled', '1 day', '2 days', true);
  const on = await launchOf('on', '-1 hour', '1 day', false);

  await database.migrate();
  const launches = await queryRows<{ id: number; done: boolean }>(
    db,
    sql`SELECT id, restock_mailed_at IS NOT NULL AS done FROM launches ORDER BY id`,
  );
  expect(launches).toEqual([
    { id: over, done: true },
    { id: canceled, done: true },
    { id: on, done: false },
  ]);
  // The sweep after the upgrade has nothing to mail: the sizes in stock of launches over were
  // the old trigger's to mail, and the launch on holds its own until it ends.
  expect(await writeRestockMails(db)).toBe(0);
  const mails = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM outbox WHERE template = 'back-in-stock'`,
  );
  expect(mails[0]!.n).toBe(0);
  expect(
    (
      await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM back_in_stock_requests WHERE notified_at IS NULL`,
      )
    )[0]!.n,
  ).toBe(3);
});
