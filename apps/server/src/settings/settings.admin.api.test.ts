// The shop's settings in the back office, as the owner uses them: read, changed with the
// contract's checks, audited with before and after, closed to every other role — and the
// storefront's details, its pages and the order mails showing a change at once.
import { ShopDetailsResponse } from '@kitroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/index.js';
import { NOT_ALLOWED } from '../staff/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let owner: AdminClient;
let origin: string;

beforeAll(async () => {
  t = await startTestApp({}, { shopGstin: '' });
  origin = new URL(t.config.publicUrl).origin;
  owner = adminClient(t.app, origin, (await createStaff(t.db, 'owner')).cookie);
});
afterAll(() => t?.close());

async function storefrontDetails(): Promise<ShopDetailsResponse> {
  const res = await t.app.inject({ method: 'GET', url: '/api/shop_details.php' });
  expect(res.statusCode).toBe(200);
  return ShopDetailsResponse.parse(res.json());
}

const settingsAudit = () =>
  t.db.select().from(auditLog).where(eq(auditLog.entity, 'settings')).orderBy(auditLog.id);

describe('settings', () => {
  it('start with the details the shop showed before they were settings', async () => {
    const res = await owner.call('GET', '/api/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      legal_name: 'Kitroom Sportswear',
      address: '2nd Floor, Mavoor Road',
      city: 'Kozhikode',
      state: 'Kerala',
      pincode: '673004',
      gstin: '',
      phone: '+91 495 272 1100',
      email: 'support@kitroom.in',
      dispatch_cutoff: '14:00',
      delivery_days_same_city: 1,
      delivery_days_same_state: 2,
      delivery_days_metro: 3,
      delivery_days_rest_of_india: 5,
      delivery_days_north_east_jk: 8,
    });
    expect(await storefrontDetails()).toMatchObject({ phone: '+91 495 272 1100' });
  });

  it('change the phone: audited, and the storefront shows the new one at once', async () => {
    const res = await owner.call('PATCH', '/api/admin/settings', {
      phone: '+91 495 123 4567',
      gstin: '32aapfu0939f1z4',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      phone: '+91 495 123 4567',
      gstin: '32AAPFU0939F1Z4',
    });
    const [entry] = (await settingsAudit()).slice(-1);
    expect(entry).toMatchObject({ action: 'update', entityId: '1' });
    expect(entry!.before).toMatchObject({ phone: '+91 495 272 1100', gstin: '' });
    expect(entry!.after).toMatchObject({ phone: '+91 495 123 4567', gstin: '32AAPFU0939F1Z4' });
    expect((await storefrontDetails()).phone).toBe('+91 495 123 4567');
    // The storefront's response never carries the GSTIN.
    expect(Object.keys(await storefrontDetails())).not.toContain('gstin');
  });

  it('change the dispatch cut-off and the days per zone, audited', async () => {
    const res = await owner.call('PATCH', '/api/admin/settings', {
      dispatch_cutoff: '16:30',
      delivery_days_metro: 2,
      delivery_days_north_east_jk: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      dispatch_cutoff: '16:30',
      delivery_days_same_city: 1,
      delivery_days_metro: 2,
      delivery_days_north_east_jk: 10,
    });
    const [entry] = (await settingsAudit()).slice(-1);
    expect(entry!.before).toMatchObject({ dispatch_cutoff: '14:00', delivery_days_metro: 3 });
    expect(entry!.after).toMatchObject({ dispatch_cutoff: '16:30', delivery_days_metro: 2 });
    // The storefront's details say nothing of them.
    expect(Object.keys(await storefrontDetails())).not.toContain('dispatch_cutoff');
  });

  it('change the couriers’ settings, and refuse a parcel of no weight', async () => {
    const res = await owner.call('PATCH', '/api/admin/settings', {
      default_courier: 'sandbox',
      parcel_weight_grams: 450,
      shiprocket_pickup_location: 'Kozhikode warehouse',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      default_courier: 'sandbox',
      parcel_weight_grams: 450,
      parcel_length_cm: 30,
      shiprocket_pickup_location: 'Kozhikode warehouse',
    });
    for (const [body, error] of [
      [{ parcel_weight_grams: 0 }, 'The parcel weight must be 1 to 100000 grams'],
      [
        { default_courier: 'carrier pigeon' },
        'default_courier must be manual, sandbox or shiprocket',
      ],
    ] as const) {
      const bad = await owner.call('PATCH', '/api/admin/settings', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain(error);
    }
    expect(
      (await owner.call('GET', '/api/admin/settings')).json().settings.parcel_weight_grams,
    ).toBe(450);
  });

  it('take the shop’s pincode only when it is real and in the shop’s state', async () => {
    const audited = (await settingsAudit()).length;
    const cases: [object, string][] = [
      [{ pincode: '999999' }, 'Pincode 999999 is not an Indian pincode. Please check it.'],
      [{ pincode: '560001' }, 'Pincode 560001 is in Karnataka, not Kerala.'],
      [{ state: 'Karnataka' }, 'Pincode 673004 is in Kerala, not Karnataka.'],
    ];
    for (const [body, error] of cases) {
      const res = await owner.call('PATCH', '/api/admin/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect(await settingsAudit()).toHaveLength(audited);
    const moved = await owner.call('PATCH', '/api/admin/settings', {
      pincode: '560001',
      state: 'Karnataka',
      city: 'Bengaluru',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const back = await owner.call('PATCH', '/api/admin/settings', {
      pincode: '673004',
      state: 'Kerala',
      city: 'Kozhikode',
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('refuse bad values with 400 naming the field, and change nothing', async () => {
    const before = (await owner.call('GET', '/api/admin/settings')).json().settings;
    const cases: [object, string][] = [
      [{ state: 'Kerela' }, 'state: state must be one of the Indian states and territories'],
      [{ pincode: '67300' }, 'pincode: pincode must be exactly 6 digits'],
      [
        { gstin: '32AAPFU0939F1ZA' },
        'gstin: gstin is not a valid GSTIN (15 characters, checksum last)',
      ],
      [{ email: 'support@' }, 'email: enter a valid email address'],
      [
        { phone: 'call us' },
        'phone: phone must be digits, spaces or dashes, like +91 495 272 1100',
      ],
      [{ phone: '12345' }, 'phone: phone must have 10 to 13 digits'],
      [{ legal_name: ' ' }, 'legal_name: legal_name is required'],
      [
        { dispatch_cutoff: '2 pm' },
        'dispatch_cutoff: dispatch_cutoff must be a 24-hour time like 14:00',
      ],
      [
        { dispatch_cutoff: '24:00' },
        'dispatch_cutoff: dispatch_cutoff must be a 24-hour time like 14:00',
      ],
      [
        { delivery_days_metro: 31 },
        'delivery_days_metro: Delivery days (Metro cities) must be 0 to 30',
      ],
      [
        { delivery_days_metro: -1 },
        'delivery_days_metro: Delivery days (Metro cities) must be 0 to 30',
      ],
      [
        { delivery_days_same_city: 1.5 },
        'delivery_days_same_city: Delivery days (Same city) must be a whole number',
      ],
      [
        { delivery_days_same_city: '2' },
        'delivery_days_same_city: Delivery days (Same city) must be a whole number',
      ],
      [{}, 'nothing to change'],
    ];
    const audited = (await settingsAudit()).length;
    for (const [body, error] of cases) {
      const res = await owner.call('PATCH', '/api/admin/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: `Invalid request: ${error}` });
    }
    expect((await owner.call('GET', '/api/admin/settings')).json().settings).toEqual(before);
    expect(await settingsAudit()).toHaveLength(audited);
  });

  it.each(['manager', 'packer', 'support'] as const)(
    'are closed to a %s, who changes nothing',
    async (role) => {
      const member = adminClient(t.app, origin, (await createStaff(t.db, role)).cookie);
      expect((await member.call('GET', '/api/admin/settings')).statusCode).toBe(403);
      const res = await member.call('PATCH', '/api/admin/settings', { phone: '+91 99999 99999' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: NOT_ALLOWED });
      expect((await storefrontDetails()).phone).toBe('+91 495 123 4567');
    },
  );
});
