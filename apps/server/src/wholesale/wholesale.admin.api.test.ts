// Wholesale in the back office: the applications, every detail a shop sent, newest first,
// filtered by status and paged; and the price lists staff put approved shops on.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholesaleApplications } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createProduct, createUser, ensureCategory, loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let manager: AdminClient;
let malabar: { id: number; email: string };

beforeAll(async () => {
  t = await startTestApp();
  manager = adminClient(
    t.app,
    new URL(t.config.publicUrl).origin,
    (await createStaff(t.db, 'manager')).cookie,
  );
  const shopper = await loggedInUser(t.db, { name: 'Shameer P', email: 'shameer@example.com' });
  malabar = shopper;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wholesale_agent.php',
    headers: { cookie: shopper.cookie },
    payload: {
      user_id: shopper.id,
      shop_name: 'Malabar Sports',
      shop_location: 'Mavoor Road, Kozhikode',
      gst: '',
      requesting_person: 'Shameer P',
      contact_number: '9847012345',
      about_shop: 'Football kits for clubs and schools.',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const other = await createUser(t.db, { name: 'Lakshmi R', email: 'lakshmi@example.com' });
  await t.db.insert(wholesaleApplications).values({
    userId: other.id,
    shopName: 'Chennai Kit House',
    shopLocation: 'T Nagar, Chennai',
    gst: '33ABCDE1234F1Z5',
    requestingPerson: 'Lakshmi R',
    contactNumber: '9840012345',
    aboutShop: '',
    status: 'approved',
  });
});
afterAll(() => t?.close());

describe('wholesale applications in the back office', () => {
  it('lists every detail, newest first, and pages by cursor', async () => {
    const res = await manager.call('GET', '/api/admin/wholesale/applications?limit=1');
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json();
    expect(first.applications).toEqual([
      {
        id: expect.any(Number),
        shop_name: 'Chennai Kit House',
        shop_location: 'T Nagar, Chennai',
        gst: '33ABCDE1234F1Z5',
        requesting_person: 'Lakshmi R',
        contact_number: '9840012345',
        about_shop: '',
        status: 'approved',
        created_at: expect.any(String),
        user: { id: expect.any(Number), name: 'Lakshmi R', email: 'lakshmi@example.com' },
        gstin_check: {
          format_ok: true,
          // The seeded GSTIN's check character is not the right one (7).
          checksum_ok: false,
          gstin_state: 'Tamil Nadu',
          location_state: null,
          state_matches: null,
        },
        price_list: null,
        reject_reason: null,
        decided_at: null,
        // Approved before staff were asked for its registered business.
        registered: null,
      },
    ]);
    const next = await manager.call(
      'GET',
      `/api/admin/wholesale/applications?limit=1&before=${first.next_before}`,
    );
    expect(next.json().applications).toEqual([
      expect.objectContaining({
        shop_name: 'Malabar Sports',
        shop_location: 'Mavoor Road, Kozhikode',
        gst: null,
        requesting_person: 'Shameer P',
        contact_number: '9847012345',
        about_shop: 'Football kits for clubs and schools.',
        status: 'pending',
        user: { id: malabar.id, name: 'Shameer P', email: 'shameer@example.com' },
      }),
    ]);
  });

  it('filters by status and names a bad one', async () => {
    const pending = await manager.call('GET', '/api/admin/wholesale/applications?status=pending');
    expect(pending.json().applications.map((a: { shop_name: string }) => a.shop_name)).toEqual([
      'Malabar Sports',
    ]);
    expect(pending.json().next_before).toBeNull();
    const bad = await manager.call('GET', '/api/admin/wholesale/applications?status=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('status must be one of pending, approved, rejected');
    const stored = await t.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.userId, malabar.id));
    expect(stored[0]?.status).toBe('pending');
  });
});

describe('price lists in the back office', () => {
  it('creates one with its rules and tiers, lists it with what the rules name, and changes it', async () => {
    const clubJerseys = await ensureCategory(t.db, 'Club Jerseys');
    const kochi = await createProduct(t.db, { name: 'Kerala Blasters Home Jersey 2026/27' });
    const created = await manager.call('POST', '/api/admin/wholesale/price-lists', {
      name: 'Club shops',
      rules: [
        { target: 'category', target_id: clubJerseys, kind: 'percent', value: 20 },
        { target: 'product', target_id: kochi, kind: 'fixed', value: 99_900 },
      ],
      tiers: [
        { min_pieces: 50, percent_off: 10 },
        { min_pieces: 12, percent_off: 5 },
      ],
      min_order_paise: 500_000,
      min_order_pieces: 6,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().price_list.id as number;

    const listed = await manager.call('GET', '/api/admin/wholesale/price-lists');
    expect(listed.statusCode).toBe(200);
    const list = listed.json().price_lists.find((l: { id: number }) => l.id === id) as Record<
      string,
      unknown
    >;
    expect(list).toMatchObject({
      name: 'Club shops',
      rules: [
        {
          target: 'category',
          target_id: clubJerseys,
          target_name: 'Club Jerseys',
          kind: 'percent',
          value: 20,
        },
        {
          target: 'product',
          target_id: kochi,
          target_name: 'Kerala Blasters Home Jersey 2026/27',
          kind: 'fixed',
          value: 99_900,
        },
      ],
      // Kept from the fewest pieces up.
      tiers: [
        { min_pieces: 12, percent_off: 5 },
        { min_pieces: 50, percent_off: 10 },
      ],
      min_order_paise: 500_000,
      min_order_pieces: 6,
      wholesalers: 0,
    });

    const changed = await manager.call('PATCH', `/api/admin/wholesale/price-lists/${id}`, {
      name: 'Club and school shops',
      rules: [{ target: 'all', kind: 'percent', value: 15 }],
      tiers: [],
      min_order_paise: 0,
      min_order_pieces: 12,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().price_list).toMatchObject({
      id,
      name: 'Club and school shops',
      rules: [{ target: 'all', target_id: null, target_name: null, kind: 'percent', value: 15 }],
      tiers: [],
      min_order_pieces: 12,
    });
  });

  it('refuses a name already taken, a rule for a product that does not exist and a list that does not', async () => {
    const body = (name: string, rules: object[] = []) => ({
      name,
      rules,
      tiers: [],
      min_order_paise: 0,
      min_order_pieces: 0,
    });
    expect(
      (await manager.call('POST', '/api/admin/wholesale/price-lists', body('Schools'))).statusCode,
    ).toBe(200);
    const taken = await manager.call('POST', '/api/admin/wholesale/price-lists', body('Schools'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Another price list has this name.');

    const missing = await manager.call(
      'POST',
      '/api/admin/wholesale/price-lists',
      body('Academies', [{ target: 'product', target_id: 987_654, kind: 'percent', value: 10 }]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Product 987654 does not exist.');

    const nowhere = await manager.call(
      'PATCH',
      '/api/admin/wholesale/price-lists/987654',
      body('Gone'),
    );
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error).toBe('Price list not found.');

    const names = (await manager.call('GET', '/api/admin/wholesale/price-lists'))
      .json()
      .price_lists.map((l: { name: string }) => l.name);
    expect(names).toContain('Schools');
    expect(names).not.toContain('Academies');
    expect(names).not.toContain('Gone');
  });
});
