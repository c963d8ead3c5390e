// The product log keyed by transaction (decision 084): a server's read names every product
// a transaction changed once that transaction has committed, whatever order transactions
// started and committed in, and says it cannot tell when the log was pruned past its last
// read. A change missed here is a product page showing stock that was sold.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../db/index.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database.js';
import { createProduct } from '../test/factories.js';
import { readVersions } from './catalogue.queries.js';

let t: TestDatabase;
let db: Db;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});

afterAll(async () => {
  await t?.close();
});

const sell = (handle: Pick<Db, 'execute'>, product: number) =>
  handle.execute(
    sql`UPDATE product_sizes SET stock = stock - 1 WHERE product_id = ${product} AND size = 'M'`,
  );

/** A transaction that has sold one of the product and stays open until `commit` is called. */
async function openSale(product: number): Promise<{ xid: number; commit(): Promise<void> }> {
  let commit: () => void = () => undefined;
  let sold: (xid: number) => void = () => undefined;
  const wrote = new Promise<number>((resolve) => (sold = resolve));
  const running = db.transaction(async (tx) => {
    await sell(tx, product);
    const [row] = await queryRows<{ xid: string }>(
      tx,
      sql`SELECT pg_current_xact_id()::text AS xid`,
    );
    sold(Number(row!.xid));
    await new Promise<void>((resolve) => (commit = resolve));
  });
  const xid = await wrote;
  return {
    xid,
    async commit() {
      commit();
      await running;
    },
  };
}

/**
 * Prunes the log below this transaction, then waits until no transaction below that line is
 * running but the tests' own (`ours`). Transaction ids are the whole cluster's: another test
 * file's transaction that was running at a read and ended below the line is one the reader
 * cannot tell about, and it would rightly say so (changed undefined) in place of the figure
 * these tests assert. Production prunes a million transactions back, not at its own.
 */
async function prune(ours: number[] = []) {
  const [line] = await queryRows<{ below: string }>(
    db,
    sql`SELECT pg_current_xact_id()::text AS below,
               catalogue_product_log_prune(pg_current_xact_id()::text::bigint)`,
  );
  const below = Number(line!.below);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [now] = await queryRows<{ snapshot: string }>(
      db,
      sql`SELECT pg_current_snapshot()::text AS snapshot`,
    );
    const running = now!.snapshot.split(':')[2]!.split(',').filter(Boolean).map(Number);
    if (running.every((id) => id >= below || ours.includes(id))) return;
    if (Date.now() > deadline)
      throw new Error(`transactions below ${below} still running: ${running}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the product log (decision 084)', () => {
  it('names the products a commit changed in the next read, and not again after it', async () => {
    const sold = await createProduct(db, { sizes: { M: 5 } });
    const untouched = await createProduct(db, { sizes: { M: 5 } });
    const first = await readVersions(db, undefined);
    expect(first.changed).toBeUndefined();
    await db.transaction((tx) => sell(tx, sold));
    const second = await readVersions(db, first.mark);
    expect(second.changed).toEqual([sold]);
    expect(second.changed).not.toContain(untouched);
    const third = await readVersions(db, second.mark);
    expect(third.changed).toEqual([]);
    expect(third.catalogue).toBe(second.catalogue);
  });

  it('cannot say what changed once the log was pruned past the last read', async () => {
    const product = await createProduct(db, { sizes: { M: 5 } });
    const before = await readVersions(db, undefined);
    await db.transaction((tx) => sell(tx, product));
    await prune();
    const after = await readVersions(db, before.mark);
    expect(after.changed).toBeUndefined();
    // A read after the pruning is placed again.
    await db.transaction((tx) => sell(tx, product));
    expect((await readVersions(db, after.mark)).changed).toEqual([product]);
  });

  // Two transactions open at once need two connections: PGlite has one.
  it.runIf(testDatabaseKind() === 'postgres')(
    'names a transaction that was running at a read when it commits after a later one',
    async () => {
      const early = await createProduct(db, { sizes: { M: 5 } });
      const late = await createProduct(db, { sizes: { M: 5 } });
      const running = await openSale(early);
      const whileRunning = await readVersions(db, undefined);
      await db.transaction((tx) => sell(tx, late));
      const afterLate = await readVersions(db, whileRunning.mark);
      expect(afterLate.changed).toEqual([late]);
      await running.commit();
      const afterEarly = await readVersions(db, afterLate.mark);
      expect(afterEarly.changed).toEqual([early]);
    },
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    'keeps reading the log while a long transaction outlives a pruning, and drops all once it ends',
    async () => {
      const long = await createProduct(db, { sizes: { M: 5 } });
      const other = await createProduct(db, { sizes: { M: 5 } });
      const running = await openSale(long);
      await prune([running.xid]);
      // A read after the pruning, with the long transaction in progress and below its line.
      const before = await readVersions(db, undefined);
      await db.transaction((tx) => sell(tx, other));
      // The long transaction's entries cannot have been pruned while it runs.
      const during = await readVersions(db, before.mark);
      expect(during.changed).toEqual([other]);
      await running.commit();
      // It ended below the pruning line: what it logged may be gone by the next pruning.
      expect((await readVersions(db, during.mark)).changed).toBeUndefined();
    },
  );
});
