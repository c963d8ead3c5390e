// Wholesale applications in the back office: every detail a shop sent, newest first, filtered
// by status and paged.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholesaleApplications } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createUser, loggedInUser } from '../test/factories.js';
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
