// Several server processes starting at once on one PostgreSQL: each migrates under the
// start-up lock, so the first applies the migrations and the others find nothing to do.
// PGlite's folder is opened by one process, so there is nothing to share there.
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../test/database.js';
import { migrationsFolder, openDatabase, type Database } from './client.js';
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
