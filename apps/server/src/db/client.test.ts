// Several server processes starting at once on one PostgreSQL: each migrates under the
// start-up lock, so the first applies the migrations and the others find nothing to do.
// PGlite's folder is opened by one process, so there is nothing to share there. And the
// connections one process keeps to PostgreSQL: no more than its pool (decision 092).
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../test/database.js';
import { defaultPoolSize, migrationsFolder, openDatabase, type Database } from './client.js';
import { queryRows } from './sql.js';

describe.runIf(testDatabaseKind() === 'postgres')('starting several processes at once', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  const handles: Database[] = [];

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ databaseUrl: empty.url }));
  });
  afterAll(async () => {
    for (const h of handles) await h.close();
    await empty.drop();
  });

  it('migrates an empty database once, whichever process gets there first', async () => {
    const outcomes = await Promise.allSettled(handles.map((h) => h.exclusively(() => h.migrate())));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const journal = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    const applied = await queryRows<{ n: number }>(
      handles[0]!.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(applied[0]!.n).toBe(journal.length);
  });

  it('runs one holder of the lock at a time', async () => {
    const events: string[] = [];
    const hold = (name: string) => async () => {
      events.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push(`${name} out`);
    };
    await Promise.all([handles[0]!.exclusively(hold('a')), handles[1]!.exclusively(hold('b'))]);
    // Each holder leaves before the other enters.
    const first = events[0]!.split(' ')[0]!;
    const second = first === 'a' ? 'b' : 'a';
    expect(events).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('the connections a process keeps', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
  });
  afterAll(async () => {
    await empty.drop();
  });

  it('are at most the pool size; the queries beyond it wait their turn and are answered', async () => {
    const two = await openDatabase({ databaseUrl: empty.url, poolSize: 2 });
    const watcher = await openDatabase({ databaseUrl: empty.url, poolSize: 1 });
    try {
      const sleepers = Array.from({ length: 6 }, (_, i) =>
        queryRows<{ i: number }>(two.db, sql`SELECT ${i}::int AS i FROM pg_sleep(0.3)`),
      );
      let done = false;
      const all = Promise.all(sleepers).finally(() => {
        done = true;
      });
      // The most sleeping at once, watched from a connection of another pool until all answer.
      let most = 0;
      while (!done) {
        const [busy] = await queryRows<{ n: number }>(
          watcher.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND query LIKE '%pg_sleep%'
                AND pid <> pg_backend_pid()`,
        );
        most = Math.max(most, busy!.n);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(most).toBe(2);
      const answers = await all;
      expect(answers.map((rows) => rows[0]!.i)).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await two.close();
      await watcher.close();
    }
  });

  it('default to twice the cores and one', () => {
    expect(defaultPoolSize()).toBe(os.availableParallelism() * 2 + 1);
  });
});
