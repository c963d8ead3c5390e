// A transaction whose last statement travels with its COMMIT (transactionEndingWith), and
// statements sent together (sentTogether), decision 091, on PGlite and on PostgreSQL: what
// they commit, what a refusal in the last statement undoes, and on PostgreSQL, that each
// group leaves the server in one write.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countPoolWrites,
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../test/database.js';
import { sentTogether, transactionEndingWith, type Queryable } from './client.js';
import { refusalOf } from './errors.js';
import { param, preparedStatement, queryRows } from './sql.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE shelf (item text PRIMARY KEY, left_count int)`);
});
afterAll(() => database?.close());

async function shelf(): Promise<Record<string, number>> {
  const rows = await queryRows<{ item: string; left_count: number }>(
    database.db,
    sql`SELECT item, left_count FROM shelf ORDER BY item`,
  );
  return Object.fromEntries(rows.map((r) => [r.item, r.left_count]));
}

/** Takes one of `item`, refusing (as an order's stock statement does) when none is left. */
const takeOne = (item: string) =>
  sql`WITH taken AS (
        UPDATE shelf SET left_count = left_count - 1 WHERE item = ${item} AND left_count > 0
        RETURNING left_count)
      SELECT CASE WHEN taken.left_count IS NULL THEN kitroom_refuse('too few left')
                  ELSE taken.left_count END AS left_after
        FROM (VALUES (1)) AS one LEFT JOIN taken ON true`;

describe('a transaction ending with its last statement', () => {
  it('commits the work and the last statement, and returns what each gave', async () => {
    await database.db.execute(sql`INSERT INTO shelf VALUES ('scarf', 2)`);
    const ended = await transactionEndingWith(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO shelf VALUES ('receipt 1', 0)`);
      return {
        result: 'written',
        last: async (last) => (await queryRows<{ left_after: number }>(last, takeOne('scarf')))[0],
      };
    });
    expect(ended).toEqual({ result: 'written', last: { left_after: 1 } });
    expect(await shelf()).toMatchObject({ 'receipt 1': 0, scarf: 1 });
  });

  it('rolls everything back when the last statement refuses, and says why', async () => {
    await database.db.execute(sql`INSERT INTO shelf VALUES ('cap', 0)`);
    const ending = transactionEndingWith(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO shelf VALUES ('receipt 2', 0)`);
      return { result: 'written', last: (last) => last.execute(takeOne('cap')) };
    });
    const err = await ending.then(
      () => null,
      (e: unknown) => e,
    );
    expect(refusalOf(err)).toBe('too few left');
    const after = await shelf();
    expect(after.cap).toBe(0);
    expect(after).not.toHaveProperty(['receipt 2']);
    // The connection it used is fine for the next transaction.
    const next = await transactionEndingWith(database.db, async (tx) => {
      await tx.execute(sql`UPDATE shelf SET left_count = 3 WHERE item = 'cap'`);
      return { result: 'restocked', last: null };
    });
    expect(next).toEqual({ result: 'restocked', last: null });
    expect((await shelf()).cap).toBe(3);
  });

  it('sends no last statement when the work fails, and keeps none of it', async () => {
    await database.db.execute(sql`INSERT INTO shelf VALUES ('ball', 1)`);
    let sent = false;
    const ending = transactionEndingWith(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO shelf VALUES ('receipt 3', 0)`);
      await tx.execute(sql`INSERT INTO shelf VALUES ('receipt 3', 0)`);
      return {
        result: 'written',
        last: (last) => {
          sent = true;
          return last.execute(takeOne('ball'));
        },
      };
    });
    await expect(ending).rejects.toThrow();
    expect(sent).toBe(false);
    expect(await shelf()).toMatchObject({ ball: 1 });
    expect(await shelf()).not.toHaveProperty(['receipt 3']);
  });

  it('keeps a refused statement apart from the one that is not: other errors are not refusals', () => {
    expect(refusalOf(new Error('too few left'))).toBeNull();
    expect(refusalOf({ code: '23505', message: 'duplicate key' })).toBeNull();
    expect(refusalOf({ cause: { code: 'KR001', message: 'price moved' } })).toBe('price moved');
  });
});

describe('many at once on one size', () => {
  it('takes exactly what is left, each refusal rolled back whole', async () => {
    await database.db.execute(sql`INSERT INTO shelf VALUES ('shirt', 5)`);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        transactionEndingWith(database.db, async (tx) => {
          await tx.execute(sql`INSERT INTO shelf VALUES (${`order ${i}`}, 0)`);
          return { result: i, last: (last) => last.execute(takeOne('shirt')) };
        }),
      ),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(refused.map((o) => refusalOf(o.reason))).toEqual(Array(15).fill('too few left'));
    const rows = await shelf();
    expect(rows.shirt).toBe(0);
    expect(Object.keys(rows).filter((k) => k.startsWith('order '))).toHaveLength(5);
  });
});

/** A statement sent when called, as checkout's prepared statements are. */
const preparedCount = preparedStatement<{ n: number }>(
  'test_shelf_count',
  sql`SELECT count(*)::int AS n FROM shelf WHERE item LIKE ${param('prefix', 'text')} || '%'`,
);
const preparedAdd = preparedStatement<{ item: string }>(
  'test_shelf_add',
  sql`INSERT INTO shelf VALUES (${param('item', 'text')}, 0) RETURNING item`,
);

describe('statements sent together', () => {
  it('run in the order given: the second sees what the first wrote', async () => {
    const [added, counted] = await database.db.transaction((tx) =>
      sentTogether(
        tx,
        () => preparedAdd(tx, { item: 'pennant 1' }),
        () => preparedCount(tx, { prefix: 'pennant' }),
      ),
    );
    expect(added).toEqual([{ item: 'pennant 1' }]);
    expect(counted).toEqual([{ n: 1 }]);
  });

  it('fail with the first failure, and the transaction keeps nothing', async () => {
    const failing = database.db.transaction(async (tx) => {
      await preparedAdd(tx, { item: 'pennant 2' });
      return sentTogether(
        tx,
        () => preparedAdd(tx, { item: 'pennant 2' }),
        () => preparedCount(tx, { prefix: 'pennant' }),
      );
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await shelf()).not.toHaveProperty(['pennant 2']);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('what goes to PostgreSQL', () => {
  it('a transaction with two statements together and its last with the COMMIT: four writes', async () => {
    await database.db.execute(sql`INSERT INTO shelf VALUES ('flag', 3)`);
    const counter = countPoolWrites(database.db);
    try {
      // BEGIN; the two together; the last statement with the COMMIT; then nothing else.
      const ended = await transactionEndingWith(database.db, async (tx: Queryable) => {
        await sentTogether(
          tx,
          () => preparedAdd(tx, { item: 'banner 1' }),
          () => preparedCount(tx, { prefix: 'banner' }),
        );
        await preparedAdd(tx, { item: 'banner 2' });
        return { result: 'done', last: (last) => last.execute(takeOne('flag')) };
      });
      expect(ended.result).toBe('done');
      expect(counter.writes).toBe(4);
    } finally {
      counter.stop();
    }
    expect(await shelf()).toMatchObject({ flag: 2, 'banner 1': 0, 'banner 2': 0 });
  });
});
