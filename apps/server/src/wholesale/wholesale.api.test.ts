import { WHOLESALE_STATUS_MESSAGES } from '@kitroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholesaleApplications } from '../db/index.js';
import { loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
type Shopper = Awaited<ReturnType<typeof loggedInUser>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN check character, worked out here independently of the contract. */
function withCheckChar(first14: string): string {
  let sum = 0;
  [...first14].forEach((ch, i) => {
    const weighted = CHARS.indexOf(ch) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(weighted / 36) + (weighted % 36);
  });
  return first14 + CHARS[(36 - (sum % 36)) % 36];
}

const call = (shopper: Shopper, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wholesale_agent.php',
    headers: { cookie: shopper.cookie },
    payload: { user_id: shopper.id, ...body },
  });

const application = {
  shop_name: 'Malabar Sports',
  shop_location: 'Mavoor Road, Kozhikode',
  gst: '',
  requesting_person: 'Shameer P',
  contact_number: '9847012345',
  about_shop: 'Football kits for clubs and schools.',
};

const storedFor = async (userId: number) =>
  t.db.select().from(wholesaleApplications).where(eq(wholesaleApplications.userId, userId));

describe('wholesale_agent.php', () => {
  it('returns code 0, takes the application, then returns code 100', async () => {
    const shopper = await loggedInUser(t.db);
    const before = await call(shopper, { status: '' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ code: 0, message: 'You have not applied yet.' });

    const applied = await call(shopper, application);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({
      code: 100,
      status: 'pending',
      message: WHOLESALE_STATUS_MESSAGES.pending,
    });

    const after = await call(shopper, { status: '' });
    expect(after.json()).toEqual({
      code: 100,
      status: 'pending',
      message: WHOLESALE_STATUS_MESSAGES.pending,
    });
    const [row] = await storedFor(shopper.id);
    expect(row).toMatchObject({
      shopName: 'Malabar Sports',
      gst: null,
      requestingPerson: 'Shameer P',
      contactNumber: '9847012345',
      status: 'pending',
    });
  });

  it('keeps one application per user: applying again changes nothing', async () => {
    const shopper = await loggedInUser(t.db);
    await call(shopper, application);
    const again = await call(shopper, { ...application, shop_name: 'Another Shop' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ code: 100, status: 'pending' });
    const rows = await storedFor(shopper.id);
    expect(rows.map((r) => r.shopName)).toEqual(['Malabar Sports']);
  });

  it('says when the application was approved, and shows the form again after a rejection', async () => {
    const approved = await loggedInUser(t.db);
    await call(approved, application);
    await t.db
      .update(wholesaleApplications)
      .set({ status: 'approved' })
      .where(eq(wholesaleApplications.userId, approved.id));
    const res = await call(approved, { status: '' });
    expect(res.json()).toEqual({
      code: 100,
      status: 'approved',
      message: WHOLESALE_STATUS_MESSAGES.approved,
    });

    const rejected = await loggedInUser(t.db);
    await call(rejected, application);
    await t.db
      .update(wholesaleApplications)
      .set({ status: 'rejected', rejectReason: 'We sell to registered shops only.' })
      .where(eq(wholesaleApplications.userId, rejected.id));
    const again = await call(rejected, { status: '' });
    expect(again.json()).toEqual({
      code: 0,
      status: 'rejected',
      message:
        'Your last wholesale application was not approved: We sell to registered shops only. You may apply again.',
    });
  });

  it.each([
    ['27AAPFU0939F1ZV', '27AAPFU0939F1ZV'],
    ['29AAGCB7383J1Z4', '29AAGCB7383J1Z4'],
    [` ${withCheckChar('32AABCM1234K1Z').toLowerCase()} `, withCheckChar('32AABCM1234K1Z')],
    [withCheckChar('07AAACR5055K1Z'), withCheckChar('07AAACR5055K1Z')],
  ])('accepts the valid GSTIN %j', async (given, stored) => {
    const shopper = await loggedInUser(t.db);
    const res = await call(shopper, { ...application, gst: given });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 100 });
    const [row] = await storedFor(shopper.id);
    expect(row!.gst).toBe(stored);
  });

  const badCheck = (gstin: string) => {
    const last = gstin.slice(-1);
    return gstin.slice(0, -1) + (last === 'A' ? 'B' : 'A');
  };

  it.each([
    ['a check character that does not match', badCheck('27AAPFU0939F1ZV')],
    ['another check character that does not match', badCheck(withCheckChar('32AABCM1234K1Z'))],
    ['14 characters', '27AAPFU0939F1Z'],
    ['16 characters', '27AAPFU0939F1ZVX'],
    ['no Z in the 14th place', '27AAPFU0939F1AV'],
    ['letters where the state code goes', 'AAAAPFU0939F1ZV'],
  ])('refuses a GSTIN with %s', async (_what, gst) => {
    const shopper = await loggedInUser(t.db);
    const res = await call(shopper, { ...application, gst });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Please enter a valid GST number.' });
    expect(await storedFor(shopper.id)).toEqual([]);
  });

  it.each(['98470 12345', '5847012345', '984701234', '98470123456', '+919847012345', ''])(
    'refuses the mobile number %j',
    async (contact_number) => {
      const shopper = await loggedInUser(t.db);
      const res = await call(shopper, { ...application, contact_number });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Please enter a valid 10-digit mobile number.' });
    },
  );

  it.each(['6000000000', '7012345678', '8123456789', '9999999999'])(
    'accepts the mobile number %s',
    async (contact_number) => {
      const shopper = await loggedInUser(t.db);
      const res = await call(shopper, { ...application, contact_number });
      expect(res.statusCode).toBe(200);
    },
  );

  it('refuses an application without a name, in the spec’s words', async () => {
    const shopper = await loggedInUser(t.db);
    const blank = await call(shopper, { ...application, requesting_person: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Please enter your name.' });
    const missing = await call(shopper, { ...application, requesting_person: undefined });
    expect(missing.json()).toEqual({ error: 'Please enter your name.' });
    const noShop = await call(shopper, { ...application, shop_name: '' });
    expect(noShop.json()).toEqual({ error: 'Please enter your shop name.' });
    expect(await storedFor(shopper.id)).toEqual([]);
  });

  it('responds only to the logged-in user it names', async () => {
    const shopper = await loggedInUser(t.db);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/wholesale_agent.php',
      payload: { user_id: shopper.id, status: '' },
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await loggedInUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wholesale_agent.php',
      headers: { cookie: other.cookie },
      payload: { user_id: shopper.id, ...application },
    });
    expect(res.statusCode).toBe(403);
    expect(await storedFor(shopper.id)).toEqual([]);
  });
});
