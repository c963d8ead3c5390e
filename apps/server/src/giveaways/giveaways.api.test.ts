// Giveaways (decision 050): staff create one (role-checked, audited), a logged-in shopper
// enters once (concurrent double entries give one entry), entries are refused before the start
// and after the end, an affiliate's link credits the entry, and the draw after the end picks
// the entry the recorded seed names, once, and mails the winner through the outbox.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GIVEAWAY_ENDED,
  GIVEAWAY_NOT_FOUND,
  GIVEAWAY_NOT_STARTED,
  type StorefrontGiveaway,
} from '@kitroom/contract';
import {
  GIVEAWAY_ALREADY_DRAWN,
  GIVEAWAY_NOT_ENDED,
  GIVEAWAY_SLUG_TAKEN,
  type AdminGiveaway,
} from '@kitroom/contract/admin';
import { sql } from 'drizzle-orm';
import { auditLog, queryRows } from '../db/index.js';
import { deletePersonalRows } from '../privacy/privacy.queries.js';
import { seedDemoReferrals } from '../referrals/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { testBrowser, type TestBrowser } from '../test/browser.js';
import { createProduct, loggedInUser } from '../test/factories.js';
import { addEntry, createGiveaway } from '../test/giveaways.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { multipartFile, pngPicture } from '../test/multipart.js';
import { outboxRows } from '../test/outbox.js';
import { createStaff } from '../test/staff.js';
import { drawIndex } from './giveaways.service.js';

let t: TestApp;
let owner: AdminClient;
let manager: AdminClient;
let support: AdminClient;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoReferrals(t.db);
  const origin = new URL(t.config.publicUrl).origin;
  owner = adminClient(t.app, origin, (await createStaff(t.db, 'owner')).cookie);
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
  support = adminClient(t.app, origin, (await createStaff(t.db, 'support')).cookie);
});
afterAll(() => t?.close());

/** A logged-in shopper's tab. */
async function shopper(): Promise<TestBrowser & { id: number; email: string }> {
  const user = await loggedInUser(t.db);
  const tab = testBrowser(t.app);
  tab.cookie = user.cookie.split('=')[1];
  return Object.assign(tab, { id: user.id, email: user.email });
}

const page = (tab: TestBrowser, slug?: string) =>
  tab.post('/api/giveaway.php', slug === undefined ? {} : { slug });

const enter = (
  tab: TestBrowser & { id: number },
  slug: string,
  codes: { affiliate_code?: string; google_code?: string } = {},
) => tab.post('/api/giveaway_entry.php', { user_id: tab.id, slug, ...codes });

const INPUT = {
  title: 'Signed Kerala Blasters home jersey',
  slug: 'signed-home-jersey',
  rules: 'One entry per shopper. The winner is drawn after the end and mailed.',
  starts_at: '2026-01-01T10:00:00+05:30',
  ends_at: '2099-01-01T10:00:00+05:30',
  product_ids: [] as number[],
};

describe('staff create and edit a giveaway', () => {
  let created: AdminGiveaway;

  it('creates one with its featured products and picture, audited; the page shows it', async () => {
    const a = await createProduct(t.db, { name: 'Kerala Blasters Home 2026' });
    const b = await createProduct(t.db, { name: 'Kerala Blasters Away 2026' });
    const res = await manager.call('POST', '/api/admin/giveaways', {
      ...INPUT,
      slug: ' Signed-Home-Jersey ',
      product_ids: [b, a],
    });
    expect(res.statusCode, res.body).toBe(200);
    created = res.json().giveaway as AdminGiveaway;
    expect(created).toMatchObject({
      slug: 'signed-home-jersey',
      title: INPUT.title,
      state: 'open',
      product_ids: [b, a],
      entries: 0,
      by_code: [],
      draw: null,
      picture: null,
    });

    const picture = multipartFile(await pngPicture(900, 600));
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/giveaways/${created.id}/picture`,
      headers: {
        ...picture.headers,
        origin: new URL(t.config.publicUrl).origin,
        cookie: `staff=${manager.cookie}`,
      },
      payload: picture.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().giveaway.picture).toMatch(/^images\/products\/upload-[0-9a-f]+\.webp$/);

    const shown = await page(testBrowser(t.app), 'signed-home-jersey');
    expect(shown.statusCode).toBe(200);
    const g = shown.json().giveaway as StorefrontGiveaway;
    expect(g).toMatchObject({
      title: INPUT.title,
      rules: INPUT.rules,
      state: 'open',
      entered: false,
      drawn: false,
      picture: upload.json().giveaway.picture,
    });
    expect(g.products.map((p) => p.name)).toEqual([
      'Kerala Blasters Away 2026',
      'Kerala Blasters Home 2026',
    ]);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'giveaway'), eq(auditLog.entityId, String(created.id))));
    expect(entries.map((e) => e.action)).toEqual(['create', 'picture']);
    expect(entries[0]!.after).toMatchObject({ slug: 'signed-home-jersey', product_ids: [b, a] });
  });

  it('edits it; a taken slug, bad dates and unknown products are refused and change nothing', async () => {
    const other = await createGiveaway(t.db);
    const taken = await owner.call('PATCH', `/api/admin/giveaways/${created.id}`, {
      ...INPUT,
      slug: other.slug,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: GIVEAWAY_SLUG_TAKEN });
    const backwards = await owner.call('PATCH', `/api/admin/giveaways/${created.id}`, {
      ...INPUT,
      ends_at: '2025-01-01T10:00:00+05:30',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toMatch(/ends_at must be after starts_at/);
    const unknown = await owner.call('PATCH', `/api/admin/giveaways/${created.id}`, {
      ...INPUT,
      product_ids: [2_000_000_000],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'product_ids: no product 2000000000' });
    const badSlug = await owner.call('POST', '/api/admin/giveaways', { ...INPUT, slug: 'a b!' });
    expect(badSlug.statusCode).toBe(400);
    const dup = await owner.call('POST', '/api/admin/giveaways', INPUT);
    expect(dup.statusCode).toBe(409);

    const edited = await owner.call('PATCH', `/api/admin/giveaways/${created.id}`, {
      ...INPUT,
      title: 'Signed home jersey (match-worn)',
      product_ids: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().giveaway).toMatchObject({
      title: 'Signed home jersey (match-worn)',
      product_ids: [],
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'giveaway'), eq(auditLog.entityId, String(created.id))));
    expect(audit.map((e) => e.action)).toEqual(['create', 'picture', 'update']);
  });

  it('is for owners and managers: support and packers get 403 and change nothing', async () => {
    const res = await support.call('POST', '/api/admin/giveaways', {
      ...INPUT,
      slug: 'support-made-this',
    });
    expect(res.statusCode).toBe(403);
    expect((await support.call('GET', '/api/admin/giveaways')).statusCode).toBe(403);
    const rows = await queryRows(
      t.db,
      sql`SELECT 1 FROM giveaways WHERE slug = 'support-made-this'`,
    );
    expect(rows).toEqual([]);
  });
});

describe('entering', () => {
  it('takes one entry per shopper, and the page says so', async () => {
    const g = await createGiveaway(t.db);
    const tab = await shopper();
    const first = await enter(tab, g.slug);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ entered: true, already: false });
    const again = await enter(tab, g.slug);
    expect(again.json()).toEqual({ entered: true, already: true });
    expect((await page(tab, g.slug)).json().giveaway.entered).toBe(true);
    expect((await page(testBrowser(t.app), g.slug)).json().giveaway.entered).toBe(false);
    const count = await queryRows<{ n: number | string }>(
      t.db,
      sql`SELECT count(*) AS n FROM giveaway_entries WHERE giveaway_id = ${g.id}`,
    );
    expect(Number(count[0]!.n)).toBe(1);
  });

  it('gives one entry for concurrent double entries', async () => {
    const g = await createGiveaway(t.db);
    const tab = await shopper();
    const responses = await Promise.all(Array.from({ length: 6 }, () => enter(tab, g.slug)));
    expect(responses.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(responses.filter((a) => a.json().already === false)).toHaveLength(1);
    const count = await queryRows<{ n: number | string }>(
      t.db,
      sql`SELECT count(*) AS n FROM giveaway_entries WHERE giveaway_id = ${g.id}`,
    );
    expect(Number(count[0]!.n)).toBe(1);
  });

  it('refuses entries before the start and after the end, and asks visitors to log in', async () => {
    const tab = await shopper();
    const ended = await createGiveaway(t.db, { when: 'ended' });
    const upcoming = await createGiveaway(t.db, { when: 'upcoming' });
    const late = await enter(tab, ended.slug);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: GIVEAWAY_ENDED });
    const early = await enter(tab, upcoming.slug);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: GIVEAWAY_NOT_STARTED });
    expect((await page(tab, ended.slug)).json().giveaway.state).toBe('ended');
    expect((await page(tab, upcoming.slug)).json().giveaway.state).toBe('upcoming');
    const open = await createGiveaway(t.db);
    const visitor = await testBrowser(t.app).post('/api/giveaway_entry.php', {
      user_id: tab.id,
      slug: open.slug,
    });
    expect(visitor.statusCode).toBe(401);
    const rows = await queryRows(
      t.db,
      sql`SELECT 1 FROM giveaway_entries WHERE giveaway_id IN (${ended.id}, ${upcoming.id}, ${open.id})`,
    );
    expect(rows).toEqual([]);
  });

  it('responds 404 for an unknown slug and 400 for a malformed one', async () => {
    const tab = await shopper();
    const missing = await page(tab, 'no-such-giveaway');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: GIVEAWAY_NOT_FOUND });
    expect((await enter(tab, 'no-such-giveaway')).statusCode).toBe(404);
    expect((await page(tab, '../etc')).statusCode).toBe(400);
    expect((await enter(tab, 'Bad Slug!')).statusCode).toBe(400);
  });

  it('credits the affiliate whose link brought the shopper, and counts entries by code', async () => {
    const g = await createGiveaway(t.db);
    const viaKochi = await shopper();
    const click = await viaKochi.post('/api/link_affiliates.php', {
      affiliate_code: 'KOCHI10',
      type: 'giveaway',
      page_type: 'giveaway',
    });
    expect(click.json()).toMatchObject({ valid: true });
    expect((await enter(viaKochi, g.slug, { affiliate_code: 'kochi10' })).statusCode).toBe(200);
    // A code the shopper never clicked credits nobody.
    const claimed = await shopper();
    expect((await enter(claimed, g.slug, { affiliate_code: 'MALABAR' })).statusCode).toBe(200);
    const plain = await shopper();
    expect((await enter(plain, g.slug)).statusCode).toBe(200);

    const listed = (await owner.call('GET', `/api/admin/giveaways/${g.id}`)).json()
      .giveaway as AdminGiveaway;
    expect(listed.entries).toBe(3);
    expect(listed.by_code).toEqual([
      { kind: 'none', code: null, name: null, entries: 2 },
      { kind: 'affiliate', code: 'KOCHI10', name: 'Kochi Football Club', entries: 1 },
    ]);
  });

  it('leads the /link handlers to the current giveaway: the open one', async () => {
    const current = await page(testBrowser(t.app));
    expect(current.statusCode).toBe(200);
    expect(current.json().giveaway.state).toBe('open');
  });
});

describe('the draw', () => {
  it('waits for the end, picks the entry the recorded seed names, once, and mails the winner', async () => {
    const open = await createGiveaway(t.db);
    await addEntry(t.db, open.id);
    const early = await owner.call('POST', `/api/admin/giveaways/${open.id}/draw`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: GIVEAWAY_NOT_ENDED });

    const g = await createGiveaway(t.db, { when: 'ended', title: 'Derby day ball' });
    const tabs = [await shopper(), await shopper(), await shopper()];
    const ids: number[] = [];
    for (const tab of tabs) ids.push(await addEntry(t.db, g.id, tab.id));
    expect((await support.call('POST', `/api/admin/giveaways/${g.id}/draw`)).statusCode).toBe(403);

    const res = await owner.call('POST', `/api/admin/giveaways/${g.id}/draw`);
    expect(res.statusCode, res.body).toBe(200);
    const draw = (res.json().giveaway as AdminGiveaway).draw!;
    expect(draw.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(draw.entries).toBe(3);
    // Re-checked from the seed alone: index into the entries in id order.
    const index = Number(BigInt(`0x${draw.seed}`) % 3n);
    expect(draw.index).toBe(index);
    expect(drawIndex(draw.seed, 3)).toBe(index);
    expect(draw.winner.entry_id).toBe(ids[index]);
    const winner = tabs[index]!;
    expect(draw.winner).toMatchObject({ user_id: winner.id, email: winner.email });

    const [logged] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'giveaway'),
          eq(auditLog.entityId, String(g.id)),
          eq(auditLog.action, 'draw'),
        ),
      );
    expect(logged!.after).toMatchObject({
      seed: draw.seed,
      entries: 3,
      index,
      winner_entry_id: ids[index],
      winner_user_id: winner.id,
    });
    const mails = await outboxRows(t.db, winner.email);
    expect(mails.map((m) => m.template)).toEqual(['giveaway-won']);
    for (const loser of tabs.filter((tab) => tab !== winner)) {
      expect(await outboxRows(t.db, loser.email)).toEqual([]);
    }

    const twice = await manager.call('POST', `/api/admin/giveaways/${g.id}/draw`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: GIVEAWAY_ALREADY_DRAWN });
    expect(await outboxRows(t.db, winner.email)).toHaveLength(1);
    expect((await page(tabs[0]!, g.slug)).json().giveaway).toMatchObject({
      state: 'ended',
      drawn: true,
      entered: true,
    });
  });

  it('leaves erased accounts out of the draw, and erasure takes their entries from open giveaways', async () => {
    const g = await createGiveaway(t.db, { when: 'ended' });
    const kept = await shopper();
    const gone = await shopper();
    const keptEntry = await addEntry(t.db, g.id, kept.id);
    await addEntry(t.db, g.id, gone.id);
    // An account erased before erasure took its entries with it.
    await t.db.execute(sql`UPDATE users SET erased_at = now() WHERE id = ${gone.id}`);
    const res = await owner.call('POST', `/api/admin/giveaways/${g.id}/draw`);
    expect(res.statusCode, res.body).toBe(200);
    const draw = (res.json().giveaway as AdminGiveaway).draw!;
    expect(draw.entries).toBe(1);
    expect(draw.winner.entry_id).toBe(keptEntry);

    const open = await createGiveaway(t.db);
    const leaving = await shopper();
    await addEntry(t.db, open.id, leaving.id);
    await t.db.transaction((tx) => deletePersonalRows(tx, leaving.id, leaving.email));
    const left = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM giveaway_entries WHERE user_id = ${leaving.id}`,
    );
    expect(left).toEqual([]);
  });

  it('draws once when two staff draw at the same moment', async () => {
    const g = await createGiveaway(t.db, { when: 'ended' });
    await addEntry(t.db, g.id);
    await addEntry(t.db, g.id);
    const [a, b] = await Promise.all([
      owner.call('POST', `/api/admin/giveaways/${g.id}/draw`),
      manager.call('POST', `/api/admin/giveaways/${g.id}/draw`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const draws = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'giveaway'),
          eq(auditLog.entityId, String(g.id)),
          eq(auditLog.action, 'draw'),
        ),
      );
    expect(draws).toHaveLength(1);
  });
});
