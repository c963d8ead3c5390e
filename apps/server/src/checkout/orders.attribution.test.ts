// An order is credited to an affiliate or campaign only for a valid code that this shopper's
// browser clicked within its window.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, orders } from '../db/index.js';
import { seedDemoReferrals, VISITOR_COOKIE } from '../referrals/index.js';
import { orderBody } from '../test/checkout.js';
import { createProduct, loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let productId: number;
let kochiId: number;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  await seedDemoReferrals(t.db);
  productId = await createProduct(t.db, { pricePaise: 100_000, sizes: { M: 100 } });
  const [kochi] = await t.db.select().from(affiliates).where(eq(affiliates.code, 'KOCHI10'));
  kochiId = kochi!.id;
});
afterAll(() => t?.close());

/** A shopper's browser: a visitor cookie from a first click, then a logged-in checkout. */
async function browserThatClicked(call: { url: string; payload: object } | null) {
  const user = await loggedInUser(t.db);
  let visitor = '';
  if (call) {
    const click = await t.app.inject({ method: 'POST', url: call.url, payload: call.payload });
    expect(click.statusCode, click.body).toBe(200);
    visitor = click.cookies.find((c) => c.name === VISITOR_COOKIE)?.value ?? '';
    expect(visitor).not.toBe('');
  }
  const checkout = async (codes: { affiliate_code?: string; google_code?: string }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/process_order.php',
      payload: orderBody(user.id, [{ product_id: productId, size: 'M', quantity: 1 }], 1060, codes),
      headers: { cookie: `${user.cookie}; ${VISITOR_COOKIE}=${visitor}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db
      .select({ affiliateId: orders.affiliateId, campaignCode: orders.campaignCode })
      .from(orders)
      .where(eq(orders.id, res.json().order_id));
    return order!;
  };
  return { checkout };
}

const affiliateClick = {
  url: '/api/user_affiliate.php',
  payload: { affiliate_code: 'kochi10', type: 'home', url: '/link/KOCHI10' },
};

describe('referral attribution at checkout', () => {
  it('credits the affiliate whose link this browser followed', async () => {
    const b = await browserThatClicked(affiliateClick);
    expect(await b.checkout({ affiliate_code: 'KOCHI10' })).toEqual({
      affiliateId: kochiId,
      campaignCode: null,
    });
  });

  it('credits nothing for an unknown code, or a code this browser never clicked', async () => {
    const b = await browserThatClicked(affiliateClick);
    expect((await b.checkout({ affiliate_code: 'NOSUCHCODE' })).affiliateId).toBeNull();
    const stranger = await browserThatClicked(null);
    expect((await stranger.checkout({ affiliate_code: 'KOCHI10' })).affiliateId).toBeNull();
  });

  it('credits nothing once the click is older than its window', async () => {
    const b = await browserThatClicked(affiliateClick);
    await t.db.execute(
      sql`UPDATE referral_clicks SET created_at = now() - interval '31 days' WHERE kind = 'affiliate'`,
    );
    expect((await b.checkout({ affiliate_code: 'KOCHI10' })).affiliateId).toBeNull();
  });

  it('credits a campaign code clicked within 24 hours, not one clicked before', async () => {
    const campaignClick = {
      url: '/api/google_code.php',
      payload: { google_code: 'IGDROP', url: '/link/giveaway/IGDROP' },
    };
    const fresh = await browserThatClicked(campaignClick);
    expect((await fresh.checkout({ google_code: 'IGDROP' })).campaignCode).toBe('IGDROP');
    const stale = await browserThatClicked(campaignClick);
    await t.db.execute(
      sql`UPDATE referral_clicks SET created_at = now() - interval '25 hours' WHERE kind = 'campaign'`,
    );
    expect((await stale.checkout({ google_code: 'IGDROP' })).campaignCode).toBeNull();
  });
});
