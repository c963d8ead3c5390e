import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates } from '../db/index.js';
import { loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import {
  resolveAttribution,
  seedDemoReferrals,
  visitorKeyOf,
  VISITOR_COOKIE,
} from './referrals.service.js';

let t: TestApp;
const affiliateIds = new Map<string, number>();

const HOUR = 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoReferrals(t.db);
  for (const row of await t.db.select().from(affiliates)) affiliateIds.set(row.code, row.id);
});
afterAll(() => t?.close());

/** Clicks a code through the real call, as a new browser; returns its visitor key. */
async function click(
  url: string,
  payload: Record<string, unknown>,
  cookie?: string,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  const visitorId = res.cookies.find((c) => c.name === VISITOR_COOKIE)!.value;
  return visitorKeyOf(visitorId)!;
}

describe('resolveAttribution: affiliates', () => {
  let browser: string;

  beforeAll(async () => {
    browser = await click('/api/link_affiliates.php', { affiliate_code: 'KOCHI10' });
  });

  it('credits an active affiliate this browser clicked', async () => {
    expect(
      await resolveAttribution(t.db, { affiliateCode: 'KOCHI10', visitorKey: browser }),
    ).toEqual({ affiliateId: affiliateIds.get('KOCHI10'), campaignCode: null });
    expect(
      await resolveAttribution(t.db, { affiliateCode: ' kochi10 ', visitorKey: browser }),
    ).toMatchObject({ affiliateId: affiliateIds.get('KOCHI10') });
  });

  it('still credits it on the 30th day, not after', async () => {
    const input = { affiliateCode: 'KOCHI10', visitorKey: browser };
    expect(
      await resolveAttribution(t.db, { ...input, now: later(30 * 24 * HOUR - HOUR) }),
    ).toMatchObject({ affiliateId: affiliateIds.get('KOCHI10') });
    expect(
      await resolveAttribution(t.db, { ...input, now: later(30 * 24 * HOUR + HOUR) }),
    ).toMatchObject({ affiliateId: null });
  });

  it('credits nothing for an unknown code, even one this browser clicked', async () => {
    const clicked = await click('/api/link_affiliates.php', { affiliate_code: 'GHOST' });
    expect(await resolveAttribution(t.db, { affiliateCode: 'GHOST', visitorKey: clicked })).toEqual(
      { affiliateId: null, campaignCode: null },
    );
    expect(await resolveAttribution(t.db, { affiliateCode: '', visitorKey: clicked })).toEqual({
      affiliateId: null,
      campaignCode: null,
    });
    expect(
      await resolveAttribution(t.db, { affiliateCode: 'bad code!', visitorKey: clicked }),
    ).toEqual({ affiliateId: null, campaignCode: null });
  });

  it('credits nothing for an inactive affiliate', async () => {
    const clicked = await click('/api/link_affiliates.php', { affiliate_code: 'OLDPARTNER' });
    expect(
      await resolveAttribution(t.db, { affiliateCode: 'OLDPARTNER', visitorKey: clicked }),
    ).toMatchObject({ affiliateId: null });
  });

  it('credits nothing once the affiliate is made inactive after the click', async () => {
    const clicked = await click('/api/tracking.php', { affiliate_code: 'MALABAR' });
    const input = { affiliateCode: 'MALABAR', visitorKey: clicked };
    expect(await resolveAttribution(t.db, input)).toMatchObject({
      affiliateId: affiliateIds.get('MALABAR'),
    });
    await t.db.update(affiliates).set({ active: false }).where(eq(affiliates.code, 'MALABAR'));
    try {
      expect(await resolveAttribution(t.db, input)).toMatchObject({ affiliateId: null });
    } finally {
      await t.db.update(affiliates).set({ active: true }).where(eq(affiliates.code, 'MALABAR'));
    }
  });

  it('credits nothing for a code this browser never clicked', async () => {
    expect(
      await resolveAttribution(t.db, { affiliateCode: 'MALABAR', visitorKey: browser }),
    ).toMatchObject({ affiliateId: null });
    const stranger = await click('/api/google_code.php', { google_code: 'FBSALE' });
    expect(
      await resolveAttribution(t.db, { affiliateCode: 'KOCHI10', visitorKey: stranger }),
    ).toMatchObject({ affiliateId: null });
    expect(await resolveAttribution(t.db, { affiliateCode: 'KOCHI10' })).toMatchObject({
      affiliateId: null,
    });
  });

  it('credits a user’s click on another browser', async () => {
    const shopper = await loggedInUser(t.db);
    await click(
      '/api/user_affiliate.php',
      { affiliate_code: 'MALABAR', user_id: shopper.id },
      shopper.cookie,
    );
    const otherBrowser = await click('/api/google_code.php', { google_code: 'FBSALE' });
    expect(
      await resolveAttribution(t.db, {
        affiliateCode: 'MALABAR',
        userId: shopper.id,
        visitorKey: otherBrowser,
      }),
    ).toMatchObject({ affiliateId: affiliateIds.get('MALABAR') });
  });
});

describe('resolveAttribution: campaign codes', () => {
  it('credits a campaign code clicked within 24 hours, not after', async () => {
    const clicked = await click('/api/google_code.php', { google_code: 'IGDROP' });
    const input = { googleCode: 'igdrop', visitorKey: clicked };
    expect(await resolveAttribution(t.db, input)).toEqual({
      affiliateId: null,
      campaignCode: 'IGDROP',
    });
    expect(await resolveAttribution(t.db, { ...input, now: later(23 * HOUR) })).toMatchObject({
      campaignCode: 'IGDROP',
    });
    expect(await resolveAttribution(t.db, { ...input, now: later(25 * HOUR) })).toMatchObject({
      campaignCode: null,
    });
  });

  it('credits nothing for an unknown campaign code or one not clicked', async () => {
    const clicked = await click('/api/google_code.php', { google_code: 'NOSUCHCAMPAIGN' });
    expect(
      await resolveAttribution(t.db, { googleCode: 'NOSUCHCAMPAIGN', visitorKey: clicked }),
    ).toMatchObject({ campaignCode: null });
    expect(
      await resolveAttribution(t.db, { googleCode: 'FBSALE', visitorKey: clicked }),
    ).toMatchObject({ campaignCode: null });
  });

  it('an affiliate code does not count as a campaign code, nor the reverse', async () => {
    const clicked = await click('/api/link_affiliates.php', { affiliate_code: 'IGDROP' });
    expect(
      await resolveAttribution(t.db, { googleCode: 'IGDROP', visitorKey: clicked }),
    ).toMatchObject({ campaignCode: null });
  });

  it('credits one affiliate and one campaign code of the same browser together', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/tracking.php',
      payload: { affiliate_code: 'KOCHI10' },
    });
    const visitorId = first.cookies.find((c) => c.name === VISITOR_COOKIE)!.value;
    const browser = await click(
      '/api/google_code.php',
      { google_code: 'FBSALE' },
      `${VISITOR_COOKIE}=${visitorId}`,
    );
    expect(browser).toBe(visitorKeyOf(visitorId));
    expect(
      await resolveAttribution(t.db, {
        affiliateCode: 'KOCHI10',
        googleCode: 'FBSALE',
        visitorKey: browser,
      }),
    ).toEqual({ affiliateId: affiliateIds.get('KOCHI10'), campaignCode: 'FBSALE' });
  });
});
