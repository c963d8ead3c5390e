import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { refreshSearchIndex } from './search.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const terms = async () =>
  (await queryRows<{ term: string }>(t.db, sql`SELECT term FROM search_terms ORDER BY term`)).map(
    (r) => r.term,
  );

describe('refreshSearchIndex', () => {
  it('learns the words of names, tags, teams and players, and forgets unused ones', async () => {
    const id = await createProduct(t.db, {
      name: 'Zlatan Ibrahimovic  Retro-Classic Jersey',
      tag: 'sweden,malmo ff, 2001/02',
      team: 'Sweden',
      player: 'Zlatan Ibrahimovic',
    });
    await refreshSearchIndex(t.db);
    expect(await terms()).toEqual(
      expect.arrayContaining([
        'zlatan',
        'ibrahimovic',
        'retro-classic',
        'retro',
        'classic',
        'jersey',
        'sweden',
        'malmo',
        'ff',
        'club',
        'jerseys',
      ]),
    );
    await t.db.execute(sql`DELETE FROM products WHERE id = ${id}`);
    await t.db.execute(sql`DELETE FROM players`);
    await refreshSearchIndex(t.db);
    const after = await terms();
    expect(after).not.toContain('zlatan');
    expect(after).not.toContain('malmo');
    // Still a team name, so still a word.
    expect(after).toContain('sweden');
  });

  it('finds the product through a misspelled word once refreshed', async () => {
    await createProduct(t.db, { name: 'Haaland Norway Home Jersey', tag: 'norway' });
    await refreshSearchIndex(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search_result.php',
      payload: { search: 'halaand' },
    });
    expect(res.json().products.map((p: { name: string }) => p.name)).toEqual([
      'Haaland Norway Home Jersey',
    ]);
  });

  it('learns a new or renamed jersey’s words with the change itself, no rebuild needed', async () => {
    const id = await createProduct(t.db, { name: 'Kozhikode Strikers Home', tag: 'malabar' });
    const search = async (text: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/search_result.php',
          payload: { search: text },
        })
      ).json() as { products: { id: number }[] };
    expect((await search('kozhikode')).products.map((p) => p.id)).toContain(id);
    expect((await search('malabr')).products.map((p) => p.id)).toContain(id);
    await t.db.execute(sql`UPDATE products SET name = 'Calicut Strikers Home' WHERE id = ${id}`);
    expect(await terms()).toContain('calicut');
    expect((await search('calicut')).products.map((p) => p.id)).toContain(id);
    await t.db.execute(
      sql`INSERT INTO teams (name, slug) VALUES ('Gokulam Kerala', 'gokulam-kerala')`,
    );
    expect(await terms()).toEqual(expect.arrayContaining(['gokulam', 'kerala']));
  });
});
