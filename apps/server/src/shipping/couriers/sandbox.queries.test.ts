// Two processes sweeping the sandbox courier at once: an event one has claimed (leased) is
// not claimed again by the other, even when the other's claim waited on the same row.
// PostgreSQL only: PGlite runs one transaction at a time, so no two claims can meet there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/index.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { claimDue, plan } from './sandbox.queries.js';

describe.runIf(testDatabaseKind() === 'postgres')('claiming due sandbox events', () => {
  let t: TestDatabase;
  let other: Database;

  beforeAll(async () => {
    t = await createTestDatabase();
    other = await openDatabase({ databaseUrl: t.url! });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('gives a due event to one of two claims made at once', async () => {
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    await plan(t.db, 'SBX-RACE-1', [
      { state: 'in_transit', location: 'Kochi', note: null, dueAt: new Date(now.getTime() - 1000) },
    ]);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first claim stays open (its row locked) while the second one runs into it.
    const first = t.db.transaction(async (tx) => {
      const claimed = await claimDue(tx, now, lease, 10);
      await held;
      return claimed;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = other.db.transaction((tx) => claimDue(tx, now, lease, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.map((e) => e.awb)).toEqual(['SBX-RACE-1']);
    expect(b).toEqual([]);
  });
});
