import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates } from '../db/index.js';
import { createProduct, createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createOrder, createPaidOrder } from '../test/order-factories.js';
import {
  affiliateReport,
  formatAffiliateReport,
  seedDemoReferrals,
  VISITOR_COOKIE,
} from './referrals.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoReferrals(t.db);
});
afterAll(() => t?.close());

const idOf = async (code: string) =>
  (await t.db.select().from(affiliates).where(eq(affiliates.code, code)))[0]!.id;

async function clickAsNewBrowser(code: string, times = 1): Promise<void> {
  let cookie: string | undefined;
  for (let i = 0; i < times; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/link_affiliates.php',
      payload: { affiliate_code: code },
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    cookie = `${VISITOR_COOKIE}=${res.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  }
}

describe('affiliateReport', () => {
  it('lists every affiliate with counted valid clicks, orders and paid revenue', async () => {
    const empty = await affiliateReport(t.db);
    expect(empty.affiliates.map((a) => [a.code, a.clicks, a.orders])).toEqual([
      ['KOCHI10', 0, 0],
      ['MALABAR', 0, 0],
      ['OLDPARTNER', 0, 0],
    ]);

    // KOCHI10: three browsers, one of which clicks three times (counted once).
    await clickAsNewBrowser('KOCHI10', 3);
    await clickAsNewBrowser('KOCHI10');
    await clickAsNewBrowser('KOCHI10');
    await clickAsNewBrowser('MALABAR');
    await clickAsNewBrowser('OLDPARTNER');
    await clickAsNewBrowser('UNKNOWN1');

    const kochi = await idOf('KOCHI10');
    const malabar = await idOf('MALABAR');
    const user = await createUser(t.db);
    const shirt = await createProduct(t.db, { pricePaise: 149_900 });
    const scarf = await createProduct(t.db, { pricePaise: 49_950 });
    const items = (productId: number, quantity: number) => [{ productId, size: 'M', quantity }];
    const paidA = await createPaidOrder(t.db, {
      userId: user.id,
      affiliateId: kochi,
      items: items(shirt, 2),
    });
    const paidB = await createPaidOrder(t.db, {
      userId: user.id,
      affiliateId: kochi,
      items: items(scarf, 1),
    });
    await createOrder(t.db, { userId: user.id, affiliateId: kochi, items: items(shirt, 1) });
    await createOrder(t.db, {
      userId: user.id,
      affiliateId: malabar,
      paymentStatus: 'FAILED',
      items: items(shirt, 1),
    });
    await createPaidOrder(t.db, { userId: user.id, items: items(shirt, 1) });

    const report = await affiliateReport(t.db);
    expect(paidA.totalPaise + paidB.totalPaise).toBe(2 * 149_900 + 6000 + 49_950 + 6000);
    expect(report).toEqual({
      affiliates: [
        {
          code: 'KOCHI10',
          name: 'Kochi Football Club',
          active: true,
          clicks: 3,
          orders: 3,
          paidOrders: 2,
          paidRevenuePaise: paidA.totalPaise + paidB.totalPaise,
        },
        {
          code: 'MALABAR',
          name: 'Malabar Jersey Hub',
          active: true,
          clicks: 1,
          orders: 1,
          paidOrders: 0,
          paidRevenuePaise: 0,
        },
        {
          code: 'OLDPARTNER',
          name: 'Old Partner (ended)',
          active: false,
          clicks: 0,
          orders: 0,
          paidOrders: 0,
          paidRevenuePaise: 0,
        },
      ],
      campaigns: [
        {
          code: 'FBSALE',
          name: 'Facebook sale',
          active: true,
          clicks: 0,
          orders: 0,
          paidOrders: 0,
          paidRevenuePaise: 0,
        },
        {
          code: 'IGDROP',
          name: 'Instagram jersey drop',
          active: true,
          clicks: 0,
          orders: 0,
          paidOrders: 0,
          paidRevenuePaise: 0,
        },
      ],
      invalidClicks: 2,
    });

    const text = formatAffiliateReport(report);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^Code\s+Name\s+Active\s+Clicks\s+Orders\s+Paid\s+Paid revenue$/);
    expect(lines[1]).toMatch(/^KOCHI10\s+Kochi Football Club\s+yes\s+3\s+3\s+2\s+₹3,617.50$/);
    expect(lines[2]).toMatch(/^MALABAR\s+Malabar Jersey Hub\s+yes\s+1\s+1\s+0\s+₹0$/);
    expect(lines[3]).toMatch(/^OLDPARTNER\s+Old Partner \(ended\)\s+no\s+0\s+0\s+0\s+₹0$/);
    expect(lines.at(-1)).toBe('Clicks on unknown or inactive codes: 2');
  });

  it('seeding again changes nothing', async () => {
    await seedDemoReferrals(t.db);
    expect((await t.db.select().from(affiliates)).map((a) => a.code).sort()).toEqual([
      'KOCHI10',
      'MALABAR',
      'OLDPARTNER',
    ]);
  });
});
