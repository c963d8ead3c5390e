// Affiliates and campaign codes in the back office: created with the storefront's code rules,
// a taken code refused with 409, renamed and deactivated (an inactive code's clicks no longer
// count), audited; and the clicks / orders / revenue report between Indian dates.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, referralClicks } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createProduct, createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createOrder, createPaidOrder } from '../test/order-factories.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let manager: AdminClient;
let affiliateId: number;

beforeAll(async () => {
  t = await startTestApp();
  manager = adminClient(
    t.app,
    new URL(t.config.publicUrl).origin,
    (await createStaff(t.db, 'manager')).cookie,
  );
});
afterAll(() => t?.close());

const click = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { valid: boolean; counted: boolean };
  });

describe('affiliates and campaign codes', () => {
  it('creates an affiliate with the storefront’s code rules, upper-cased, audited', async () => {
    const res = await manager.call('POST', '/api/admin/referrals/affiliates', {
      code: 'calicut-fc',
      name: ' Calicut FC ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { affiliate } = res.json();
    expect(affiliate).toEqual({
      id: expect.any(Number),
      code: 'CALICUT-FC',
      name: 'Calicut FC',
      active: true,
      created_at: expect.any(String),
    });
    affiliateId = affiliate.id;
    // The storefront's link handler now counts it.
    expect(await click('/api/link_affiliates.php', { affiliate_code: 'calicut-fc' })).toMatchObject(
      { valid: true },
    );
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'affiliate'), eq(auditLog.entityId, String(affiliateId))));
    expect(entry).toMatchObject({ action: 'create', after: { code: 'CALICUT-FC', active: true } });
  });

  it('refuses a taken code with 409 and a bad one with 400 naming the field', async () => {
    const taken = await manager.call('POST', '/api/admin/referrals/affiliates', {
      code: 'Calicut-FC',
      name: 'Again',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'This code is in use already.' });
    const bad = await manager.call('POST', '/api/admin/referrals/affiliates', {
      code: 'no spaces!',
      name: 'X',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      "Invalid request: code: code must be 1 to 64 letters, digits, '-' or '_'",
    );
    const nameless = await manager.call('POST', '/api/admin/referrals/campaigns', {
      code: 'OK',
      name: '  ',
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error).toContain('name is required');
  });

  it('deactivates an affiliate: its clicks are recorded as invalid from then on', async () => {
    const res = await manager.call('PATCH', `/api/admin/referrals/affiliates/${affiliateId}`, {
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().affiliate).toMatchObject({ code: 'CALICUT-FC', active: false });
    expect(await click('/api/link_affiliates.php', { affiliate_code: 'CALICUT-FC' })).toMatchObject(
      { valid: false },
    );
    const missing = await manager.call('PATCH', '/api/admin/referrals/affiliates/999999', {
      active: false,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('creates, renames and lists campaign codes in code order, paged', async () => {
    for (const code of ['ig-reel', 'fbsale2', 'yt-ad']) {
      const res = await manager.call('POST', '/api/admin/referrals/campaigns', {
        code,
        name: `Campaign ${code}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const renamed = await manager.call('PATCH', '/api/admin/referrals/campaigns/ig-reel', {
      name: 'Instagram reel',
    });
    expect(renamed.json().campaign).toMatchObject({ code: 'IG-REEL', name: 'Instagram reel' });
    const first = await manager.call('GET', '/api/admin/referrals/campaigns?limit=2');
    expect(first.json().campaigns.map((c: { code: string }) => c.code)).toEqual([
      'FBSALE2',
      'IG-REEL',
    ]);
    const next = await manager.call(
      'GET',
      `/api/admin/referrals/campaigns?limit=2&after=${first.json().next_after}`,
    );
    expect(next.json()).toMatchObject({ campaigns: [{ code: 'YT-AD' }], next_after: null });
    expect(
      (await manager.call('PATCH', '/api/admin/referrals/campaigns/NOPE', { active: false }))
        .statusCode,
    ).toBe(404);
    const affiliates = await manager.call('GET', '/api/admin/referrals/affiliates');
    expect(affiliates.json().affiliates.map((a: { code: string }) => a.code)).toEqual([
      'CALICUT-FC',
    ]);
  });
});

describe('the referral report', () => {
  it('counts clicks, orders and paid revenue per code between Indian dates', async () => {
    const kochi = (
      await manager.call('POST', '/api/admin/referrals/affiliates', {
        code: 'KOCHI10',
        name: 'Kochi FC',
      })
    ).json().affiliate;
    // Two browsers click KOCHI10 and one clicks campaign YT-AD, today.
    await click('/api/link_affiliates.php', { affiliate_code: 'kochi10' });
    await click('/api/link_affiliates.php', { affiliate_code: 'kochi10' });
    await click('/api/google_code.php', { google_code: 'yt-ad', is_direct: true });
    const user = await createUser(t.db);
    const shirt = await createProduct(t.db, { pricePaise: 149_900, sizes: { M: 9 } });
    const items = [{ productId: shirt, size: 'M', quantity: 1 }];
    const paid = await createPaidOrder(t.db, { userId: user.id, affiliateId: kochi.id, items });
    await createOrder(t.db, { userId: user.id, affiliateId: kochi.id, items });
    const campaignPaid = await createPaidOrder(t.db, {
      userId: user.id,
      campaignCode: 'YT-AD',
      items,
    });
    // One paid KOCHI10 order and one click from 1 October 2026 (India).
    const old = await createPaidOrder(t.db, { userId: user.id, affiliateId: kochi.id, items });
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2026-10-01T06:00:00Z') })
      .where(eq(orders.id, old.id));
    await t.db.execute(
      sql`UPDATE referral_clicks SET created_at = '2026-10-01T06:00:00Z'
          WHERE id = (SELECT min(id) FROM referral_clicks WHERE code = 'KOCHI10')`,
    );
    expect((await t.db.select().from(referralClicks)).length).toBe(5);

    const all = await manager.call('GET', '/api/admin/referrals/report');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().affiliates.find((a: { code: string }) => a.code === 'KOCHI10')).toEqual({
      code: 'KOCHI10',
      name: 'Kochi FC',
      active: true,
      clicks: 2,
      orders: 3,
      paid_orders: 2,
      paid_revenue: (paid.totalPaise + old.totalPaise) / 100,
    });
    expect(all.json().campaigns.find((c: { code: string }) => c.code === 'YT-AD')).toEqual({
      code: 'YT-AD',
      name: 'Campaign yt-ad',
      active: true,
      clicks: 1,
      orders: 1,
      paid_orders: 1,
      paid_revenue: campaignPaid.totalPaise / 100,
    });
    expect(all.json()).toMatchObject({ from: null, to: null, invalid_clicks: 1 });

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const recent = await manager.call(
      'GET',
      `/api/admin/referrals/report?from=2026-11-01&to=${today}`,
    );
    expect(
      recent.json().affiliates.find((a: { code: string }) => a.code === 'KOCHI10'),
    ).toMatchObject({ clicks: 1, orders: 2, paid_orders: 1, paid_revenue: paid.totalPaise / 100 });
    const october = await manager.call(
      'GET',
      '/api/admin/referrals/report?from=2026-10-01&to=2026-10-01',
    );
    expect(october.json()).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-01',
      invalid_clicks: 0,
    });
    expect(
      october.json().affiliates.find((a: { code: string }) => a.code === 'KOCHI10'),
    ).toMatchObject({ clicks: 1, orders: 1, paid_orders: 1, paid_revenue: old.totalPaise / 100 });
    expect(
      october.json().campaigns.find((c: { code: string }) => c.code === 'YT-AD'),
    ).toMatchObject({ clicks: 0, orders: 0 });

    const backwards = await manager.call(
      'GET',
      '/api/admin/referrals/report?from=2026-11-02&to=2026-11-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toContain('to must be on or after from');
  });
});
