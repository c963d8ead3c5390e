// Two processes sweeping the sandbox courier at once: an event one has claimed (leased) is
// not claimed again by the other, even when the other's claim waited on the same row
// (PostgreSQL only: PGlite runs one transaction at a time, so no two claims can meet there);
// and one claimed again after its lease ran out mid-post keeps the time of its first post.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/index.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { claimDue, markPosted, plan } from './sandbox.queries.js';

describe('an event posted twice', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.close());

  it('keeps the time of its first post, as the shop kept its first copy', async () => {
    const now = new Date('2026-12-01T10:00:00Z');
    await plan(t.db, 'SBX-TWICE-1', [
      { state: 'in_transit', location: 'Kochi', note: null, dueAt: new Date(now.getTime() - 1000) },
    ]);
    // The first sweep's lease (60 s) runs out before its post is answered; a second sweep
    // claims the event again and posts it too.
    const [first] = await claimDue(t.db, now, new Date(now.getTime() + 60_000), 10);
    const later = new Date(now.getTime() + 61_000);
    const [again] = await claimDue(t.db, later, new Date(later.getTime() + 60_000), 10);
    expect(again?.id).toBe(first!.id);
    await markPosted(t.db, first!.id, now);
    await markPosted(t.db, again!.id, later);

    const [row] = await queryRows<{ posted_at: string; attempts: number }>(
      t.db,
      sql`SELECT posted_at::text, attempts FROM sandbox_courier_events WHERE id = ${first!.id}`,
    );
    expect(new Date(row!.posted_at).toISOString()).toBe(now.toISOString());
    expect(row!.attempts).toBe(2);
  });
});

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
