// Size charts: staff write a chart and give it to a category (role-checked, audited); the
// product page's call returns the chart of the product's category.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createProduct, ensureCategory } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import { CHART_NAME_TAKEN, PRODUCT_NOT_FOUND } from './size-charts.service.js';

let t: TestApp;
let staff: AdminClient;
let packer: AdminClient;

beforeAll(async () => {
  t = await startTestApp();
  const origin = new URL(t.config.publicUrl).origin;
  staff = adminClient(t.app, origin, (await createStaff(t.db, 'owner')).cookie);
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
});
afterAll(() => t?.close());

const PLAYER_FIT = {
  name: 'Player fit',
  fit_note: 'Player version runs one size small.',
  rows: [
    { size: 'S', chest_cm: 92, length_cm: 69 },
    { size: 'M', chest_cm: 97.5, length_cm: 71 },
  ],
};

const chartOf = (productId: number | string) =>
  t.app.inject({ method: 'POST', url: '/api/size_chart.php', payload: { product_id: productId } });

describe('size charts', () => {
  it("returns the chart of the product's category once staff give it one, audited", async () => {
    const product = await createProduct(t.db, { category: 'Player Edition' });
    expect((await chartOf(product)).json()).toEqual({ size_chart: null });

    const created = await staff.call('POST', '/api/admin/size-charts', PLAYER_FIT);
    expect(created.statusCode, created.body).toBe(200);
    const chartId = created.json().size_chart.id as number;
    const category = await ensureCategory(t.db, 'Player Edition');
    const set = await staff.call('PATCH', `/api/admin/categories/${category}/size-chart`, {
      size_chart_id: chartId,
    });
    expect(set.json()).toEqual({
      category: { id: category, name: 'Player Edition', size_chart_id: chartId },
    });

    const res = await chartOf(product);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({ size_chart: PLAYER_FIT });

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'size_chart'), eq(auditLog.entityId, String(chartId))));
    expect(entries.map((e) => [e.action, e.after])).toEqual([['create', PLAYER_FIT]]);
    const categoryEntries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'category'), eq(auditLog.action, 'size-chart')));
    expect(categoryEntries.map((e) => e.after)).toEqual([{ size_chart_id: chartId }]);
  });

  it('replaces a chart, and refuses a name another chart has', async () => {
    const a = (
      await staff.call('POST', '/api/admin/size-charts', { ...PLAYER_FIT, name: 'A' })
    ).json().size_chart.id as number;
    await staff.call('POST', '/api/admin/size-charts', { ...PLAYER_FIT, name: 'B' });
    const changed = { name: 'A fit', fit_note: 'True to size.', rows: [PLAYER_FIT.rows[0]] };
    const res = await staff.call('PATCH', `/api/admin/size-charts/${a}`, changed);
    expect(res.json()).toEqual({ size_chart: { id: a, ...changed } });
    const taken = await staff.call('PATCH', `/api/admin/size-charts/${a}`, {
      ...changed,
      name: 'B',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: CHART_NAME_TAKEN });
    const list = (await staff.call('GET', '/api/admin/size-charts')).json();
    expect(list.size_charts).toContainEqual({ id: a, ...changed });
  });

  it('refuses bad measurements and sizes named twice, changing nothing', async () => {
    const before = (await staff.call('GET', '/api/admin/size-charts')).json().size_charts;
    const bad = [
      { ...PLAYER_FIT, name: 'X1', rows: [{ size: 'M', chest_cm: 5, length_cm: 70 }] },
      { ...PLAYER_FIT, name: 'X2', rows: [{ size: 'M', chest_cm: 97.3, length_cm: 70 }] },
      { ...PLAYER_FIT, name: 'X3', rows: [PLAYER_FIT.rows[0], PLAYER_FIT.rows[0]] },
      { ...PLAYER_FIT, name: 'X4', rows: [] },
      { ...PLAYER_FIT, name: ' ' },
    ];
    const responses = [];
    for (const body of bad)
      responses.push(await staff.call('POST', '/api/admin/size-charts', body));
    expect(responses.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(responses.map((r) => r.json().error)).toEqual([
      expect.stringContaining('chest: at least 20 cm'),
      expect.stringContaining('chest: whole or half centimetres'),
      expect.stringContaining('rows: each size once'),
      expect.stringContaining('rows: at least one size'),
      expect.stringContaining('name: a name'),
    ]);
    expect((await staff.call('GET', '/api/admin/size-charts')).json().size_charts).toEqual(before);
  });

  it('lets a packer read charts but not change them', async () => {
    expect((await packer.call('GET', '/api/admin/size-charts')).statusCode).toBe(200);
    const res = await packer.call('POST', '/api/admin/size-charts', { ...PLAYER_FIT, name: 'P' });
    expect(res.statusCode).toBe(403);
  });

  it('responds 404 for no such product and 400 for a bad id, and 404 for no such chart', async () => {
    const missing = await chartOf(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: PRODUCT_NOT_FOUND });
    expect((await chartOf('abc')).statusCode).toBe(400);
    const category = await ensureCategory(t.db, 'Kids');
    const res = await staff.call('PATCH', `/api/admin/categories/${category}/size-chart`, {
      size_chart_id: 999_999,
    });
    expect(res.statusCode).toBe(404);
  });
});
