import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralClicks } from '../db/index.js';
import { createProduct, loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { REFERRAL_RATE_LIMIT } from './referrals.routes.js';
import { seedDemoReferrals, visitorKeyOf, VISITOR_COOKIE } from './referrals.service.js';

let t: TestApp;
let productId: number;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoReferrals(t.db);
  productId = await createProduct(t.db);
});
afterAll(() => t?.close());

interface Sent {
  cookie?: string;
}

async function post(url: string, payload: Record<string, unknown>, o: Sent = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: o.cookie ? { cookie: o.cookie } : {},
    payload,
  });
}

/** A browser: keeps the visitor cookie the server sets, as a real one would. */
function browser(sessionCookie?: string) {
  let visitor: string | undefined;
  return {
    get visitorId() {
      return visitor;
    },
    async post(url: string, payload: Record<string, unknown>) {
      const cookie = [sessionCookie, visitor && `${VISITOR_COOKIE}=${visitor}`]
        .filter(Boolean)
        .join('; ');
      const res = await post(url, payload, { cookie });
      const set = res.cookies.find((c) => c.name === VISITOR_COOKIE);
      if (set) visitor = set.value;
      return res;
    },
  };
}

const clicksFor = (visitorId: string | undefined) =>
  t.db
    .select()
    .from(referralClicks)
    .where(eq(referralClicks.visitorKey, visitorKeyOf(visitorId) ?? ''))
    .orderBy(referralClicks.id);

/** Moves a browser's stored clicks into the past, as if time had passed. */
const age = async (visitorId: string | undefined, minutes: number) =>
  t.db
    .update(referralClicks)
    .set({ createdAt: sql`${referralClicks.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(referralClicks.visitorKey, visitorKeyOf(visitorId) ?? ''));

describe('the visitor cookie', () => {
  it('is set HttpOnly, SameSite=Lax, for a year, and kept when sent back', async () => {
    const res = await post('/api/link_affiliates.php', { affiliate_code: 'KOCHI10' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 365 * 24 * 60 * 60,
      path: '/api',
    });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await post(
      '/api/link_affiliates.php',
      { affiliate_code: 'MALABAR' },
      { cookie: `${VISITOR_COOKIE}=${cookie!.value}` },
    );
    expect(again.cookies.find((c) => c.name === VISITOR_COOKIE)!.value).toBe(cookie!.value);
    const stored = await clicksFor(cookie!.value);
    expect(stored.map((c) => c.code)).toEqual(['KOCHI10', 'MALABAR']);
    // Only the hash is stored.
    expect(stored[0]!.visitorKey).not.toContain(cookie!.value);
  });

  it('different browsers are different visitors', async () => {
    const a = await post('/api/link_affiliates.php', { affiliate_code: 'KOCHI10' });
    const b = await post('/api/link_affiliates.php', { affiliate_code: 'KOCHI10' });
    expect(a.json()).toEqual({ success: true, valid: true, counted: true });
    expect(b.json()).toEqual({ success: true, valid: true, counted: true });
  });

  it('a browser without cookies is recognised by its own token', async () => {
    const token = 'f3b1c2d4-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
    const payload = { google_code: 'FBSALE', window_token: token, is_direct: true };
    const first = await post('/api/google_code.php', payload);
    const second = await post('/api/google_code.php', payload);
    expect(first.json()).toMatchObject({ counted: true });
    expect(second.json()).toMatchObject({ counted: false });
    // And the cookie it is given names the same visitor.
    const given = first.cookies.find((c) => c.name === VISITOR_COOKIE)!.value;
    const third = await post(
      '/api/google_code.php',
      { google_code: 'FBSALE', window_token: 'another-window-token-123' },
      { cookie: `${VISITOR_COOKIE}=${given}` },
    );
    expect(third.json()).toMatchObject({ counted: false });
  });
});

describe('counting clicks', () => {
  it('counts an affiliate click once per browser within 24 hours, then again', async () => {
    const b = browser();
    const first = await b.post('/api/tracking.php', {
      affiliate_code: 'KOCHI10',
      product_id: productId,
      type: 'product',
      url: `https://kitroom.in/link/KOCHI10/${productId}`,
    });
    expect(first.json()).toEqual({ success: true, valid: true, counted: true });
    const repeat = await b.post('/api/user_affiliate.php', { affiliate_code: 'kochi10' });
    expect(repeat.json()).toEqual({ success: true, valid: true, counted: false });
    expect(await clicksFor(b.visitorId)).toHaveLength(1);

    await age(b.visitorId, 23 * 60);
    expect(
      (await b.post('/api/link_affiliates.php', { affiliate_code: 'KOCHI10' })).json(),
    ).toMatchObject({ counted: false });
    await age(b.visitorId, 2 * 60);
    expect(
      (await b.post('/api/link_affiliates.php', { affiliate_code: 'KOCHI10' })).json(),
    ).toMatchObject({ counted: true });

    const stored = await clicksFor(b.visitorId);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      kind: 'affiliate',
      code: 'KOCHI10',
      valid: true,
      productId,
      type: 'product',
      url: `https://kitroom.in/link/KOCHI10/${productId}`,
    });
    expect(stored[0]!.affiliateId).toEqual(stored[1]!.affiliateId);
  });

  it('counts a campaign click once per browser within 1 hour, then again', async () => {
    const b = browser();
    const payload = { google_code: 'IGDROP', product_id: productId, url: '/?gclid=IGDROP' };
    expect((await b.post('/api/google_code.php', payload)).json()).toEqual({
      success: true,
      valid: true,
      counted: true,
    });
    expect((await b.post('/api/google_code.php', payload)).json()).toMatchObject({
      counted: false,
    });
    await age(b.visitorId, 61);
    expect((await b.post('/api/google_code.php', payload)).json()).toMatchObject({
      counted: true,
    });
    const stored = await clicksFor(b.visitorId);
    expect(stored.map((c) => [c.kind, c.campaignCode, c.valid])).toEqual([
      ['campaign', 'IGDROP', true],
      ['campaign', 'IGDROP', true],
    ]);
  });

  it('counts simultaneous clicks of one browser once', async () => {
    // Open connections first, so that on PostgreSQL the calls below really overlap.
    await Promise.all(Array.from({ length: 8 }, () => t.db.execute(sql`SELECT pg_sleep(0.05)`)));
    const b = browser();
    await b.post('/api/google_code.php', { google_code: 'FBSALE' });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        b.post('/api/link_affiliates.php', { affiliate_code: 'MALABAR' }),
      ),
    );
    expect(responses.filter((a) => a.json().counted === true)).toHaveLength(1);
    expect((await clicksFor(b.visitorId)).map((c) => c.code)).toEqual(['FBSALE', 'MALABAR']);
  });

  it('records an unknown code as invalid, and an inactive one too', async () => {
    const b = browser();
    const unknown = await b.post('/api/link_affiliates.php', {
      affiliate_code: 'NOSUCHCODE',
      page_type: 'giveaway',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, valid: false, counted: true });
    const inactive = await b.post('/api/link_affiliates.php', { affiliate_code: 'OLDPARTNER' });
    expect(inactive.json()).toEqual({ success: true, valid: false, counted: true });
    const campaign = await b.post('/api/google_code.php', { google_code: 'NOTACAMPAIGN' });
    expect(campaign.json()).toEqual({ success: true, valid: false, counted: true });

    const stored = await clicksFor(b.visitorId);
    expect(stored.map((c) => [c.code, c.valid, c.affiliateId === null, c.campaignCode])).toEqual([
      ['NOSUCHCODE', false, true, null],
      ['OLDPARTNER', false, false, null],
      ['NOTACAMPAIGN', false, true, null],
    ]);
    expect(stored[0]!.type).toBe('giveaway');
  });

  it('uses the server’s clock, and drops a product the catalogue lacks', async () => {
    const b = browser();
    const before = Date.now();
    await b.post('/api/tracking.php', {
      affiliate_code: 'MALABAR',
      product_id: 999_999,
      current_time: '2001-01-01T00:00:00Z',
      stored_timestamp: 978307200000,
    });
    const [click] = await clicksFor(b.visitorId);
    expect(click!.productId).toBeNull();
    expect(click!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('clicks and users', () => {
  it('records the session’s user, and links an earlier anonymous click at login', async () => {
    const shopper = await loggedInUser(t.db);
    const anonymous = browser();
    await anonymous.post('/api/link_affiliates.php', { affiliate_code: 'MALABAR' });
    const [before] = await clicksFor(anonymous.visitorId);
    expect(before!.userId).toBeNull();

    // Same browser after logging in: the stored code is reported again with the user.
    const loggedIn = await post(
      '/api/user_affiliate.php',
      { affiliate_code: 'MALABAR', user_id: shopper.id, _token: 'abc' },
      { cookie: `${shopper.cookie}; ${VISITOR_COOKIE}=${anonymous.visitorId}` },
    );
    expect(loggedIn.json()).toEqual({ success: true, valid: true, counted: false });
    const [after] = await clicksFor(anonymous.visitorId);
    expect(after!.userId).toBe(shopper.id);
  });

  it('counts a user’s clicks once across browsers', async () => {
    const shopper = await loggedInUser(t.db);
    const phone = browser(shopper.cookie);
    const laptop = browser(shopper.cookie);
    const first = await phone.post('/api/tracking.php', {
      affiliate_code: 'KOCHI10',
      user_id: shopper.id,
    });
    expect(first.json()).toMatchObject({ counted: true });
    expect((await clicksFor(phone.visitorId))[0]!.userId).toBe(shopper.id);
    const second = await laptop.post('/api/link_affiliates.php', { affiliate_code: 'KOCHI10' });
    expect(second.json()).toMatchObject({ counted: false });
  });

  it('refuses a user_id that is not the session’s user', async () => {
    const shopper = await loggedInUser(t.db);
    const other = await loggedInUser(t.db);
    const noSession = await post('/api/tracking.php', {
      affiliate_code: 'KOCHI10',
      user_id: shopper.id,
    });
    expect(noSession.statusCode).toBe(401);
    const wrongUser = await post(
      '/api/google_code.php',
      { google_code: 'IGDROP', user_id: shopper.id },
      { cookie: other.cookie },
    );
    expect(wrongUser.statusCode).toBe(403);
  });
});

describe('malformed bodies', () => {
  it.each([
    ['/api/link_affiliates.php', {}, 'affiliate_code: affiliate_code is required'],
    [
      '/api/tracking.php',
      { affiliate_code: 'KOCHI 10' },
      "affiliate_code: affiliate_code must be 1 to 64 letters, digits, '-' or '_'",
    ],
    [
      '/api/user_affiliate.php',
      { affiliate_code: 'A'.repeat(65) },
      "affiliate_code: affiliate_code must be 1 to 64 letters, digits, '-' or '_'",
    ],
    [
      '/api/google_code.php',
      { google_code: '' },
      "google_code: google_code must be 1 to 64 letters, digits, '-' or '_'",
    ],
    [
      '/api/google_code.php',
      { google_code: 'IGDROP', url: `https://kitroom.in/?q=${'x'.repeat(2048)}` },
      'url: url is too long (2048 characters at most)',
    ],
    [
      '/api/tracking.php',
      { affiliate_code: 'KOCHI10', product_id: 'twelve' },
      'product_id: Invalid input',
    ],
  ])('%s %j responds 400', async (url, payload, problem) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(problem);
  });
});

describe('clicks from one address', () => {
  it('are limited across the referral calls, with a clear 429, and the extra click is not kept', async () => {
    const from = '10.2.0.1';
    const click = (url: string, payload: Record<string, unknown>, remoteAddress = from) =>
      t.app.inject({ method: 'POST', url, remoteAddress, payload });
    const calls: [string, Record<string, unknown>][] = [
      ['/api/user_affiliate.php', { affiliate_code: 'KOCHI10' }],
      ['/api/tracking.php', { affiliate_code: 'MALABAR', product_id: productId }],
      ['/api/google_code.php', { google_code: 'IGDROP' }],
      ['/api/link_affiliates.php', { affiliate_code: 'KOCHI10' }],
    ];
    for (let i = 0; i < REFERRAL_RATE_LIMIT.max; i++) {
      const [url, payload] = calls[i % calls.length]!;
      expect((await click(url, payload)).statusCode).toBe(200);
    }
    const before = await t.db.$count(referralClicks);
    const limited = await click('/api/google_code.php', { google_code: 'FBSALE' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(
      /^Too many referral links were opened from your network in a short while\. Please try again in \d+ minutes?\.$/,
    );
    expect(await t.db.$count(referralClicks)).toBe(before);

    const elsewhere = await click('/api/google_code.php', { google_code: 'FBSALE' }, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });
});
