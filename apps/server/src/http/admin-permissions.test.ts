// Every back-office endpoint × every role, and without a session, with a pending one and with
// a shopper's: a role without the endpoint's permission gets 403 and changes nothing, and
// every caller who may not call it gets 401 or 403 whatever they send. The first test fails
// when the table has an endpoint the server does not register, or one this file lacks.
import {
  adminEndpoints,
  roleMayCall,
  STAFF_ROLES,
  type AdminEndpoint,
  type AdminEndpointName,
} from '@kitroom/contract/admin';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { profileSamples } from '../test/profiles.js';
import { createStaff } from '../test/staff.js';
import { startStaffSession, STAFF_COOKIE } from '../staff/staff-sessions.service.js';

interface Sample {
  url: string;
  payload?: object;
}

let serial = 0;

/** A valid call of each endpoint; made anew for every caller (some change what they touch). */
const SAMPLES: Record<AdminEndpointName, (db: Db) => Promise<Sample>> = {
  setupInfo: async () => ({ url: '/api/admin/setup/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }),
  setup: async () => ({
    url: '/api/admin/setup',
    payload: {
      token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      name: 'X',
      password: 'a long password',
    },
  }),
  signIn: async () => ({
    url: '/api/admin/sign-in',
    payload: { email: 'nobody@kitroom.in', password: 'whatever' },
  }),
  secondFactor: async () => ({
    url: '/api/admin/sign-in/second-factor',
    payload: { code: '123456' },
  }),
  signOut: async () => ({ url: '/api/admin/sign-out' }),
  me: async () => ({ url: '/api/admin/me' }),
  listStaff: async () => ({ url: '/api/admin/staff' }),
  inviteStaff: async () => ({
    url: '/api/admin/staff/invite',
    payload: { email: `invitee-${++serial}@kitroom.in`, name: 'Invitee', role: 'packer' },
  }),
  updateStaff: async (db) => ({
    url: `/api/admin/staff/${(await createStaff(db, 'packer')).id}`,
    payload: { role: 'support' },
  }),
  resetStaffTwoFactor: async (db) => ({
    url: `/api/admin/staff/${(await createStaff(db, 'support')).id}/reset`,
  }),
  audit: async () => ({ url: '/api/admin/audit?limit=5' }),
  ...profileSamples(() => ++serial),
  getSettings: async () => ({ url: '/api/admin/settings' }),
  updateSettings: async () => ({
    url: '/api/admin/settings',
    payload: { support_hours: `Every day, 9 AM to ${(++serial % 9) + 1} PM` },
  }),
};

const ENDPOINTS = Object.entries(adminEndpoints) as [AdminEndpointName, AdminEndpoint][];
const GUARDED = ENDPOINTS.filter(([, e]) => e.access !== 'public' && e.access !== 'second-factor');

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await startTestApp();
  origin = new URL(t.config.publicUrl).origin;
});
afterAll(() => t?.close());

async function call(endpoint: AdminEndpoint, sample: Sample, cookie?: string) {
  return t.app.inject({
    method: endpoint.method,
    url: sample.url,
    headers: { origin, ...(cookie ? { cookie } : {}) },
    ...(sample.payload ? { payload: sample.payload } : {}),
  });
}

const auditCount = async () => Number((await t.db.select({ n: count() }).from(auditLog))[0]?.n);

describe('the back-office permission table', () => {
  it('registers every endpoint of the table, and this file covers each', () => {
    const registered = new Set(t.routes.map((r) => `${String(r.method)} ${r.url}`));
    for (const [name, e] of ENDPOINTS) {
      expect(registered, name).toContain(`${e.method} ${e.path}`);
      expect(SAMPLES[name], name).toBeDefined();
    }
  });

  describe.each(GUARDED)('%s', (name, endpoint) => {
    it('answers 401 without a session, with a shopper’s, and with a pending one', async () => {
      const shopper = await loggedInUser(t.db);
      const pendingOf = await createStaff(t.db, 'owner');
      const pending = `${STAFF_COOKIE}=${await startStaffSession(t.db, pendingOf.id, true)}`;
      for (const cookie of [undefined, shopper.cookie, 'staff=not-a-session', pending]) {
        const res = await call(endpoint, await SAMPLES[name](t.db), cookie);
        expect(res.statusCode, `${cookie}: ${res.body}`).toBe(401);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    });

    it.each(STAFF_ROLES)(
      'as %s: allowed exactly when the role has the permission',
      async (role) => {
        const member = await createStaff(t.db, role);
        const sample = await SAMPLES[name](t.db);
        const before = await auditCount();
        const res = await call(endpoint, sample, member.cookie);
        const allowed = roleMayCall(role, endpoint.access);
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
        } else {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json()).toEqual({ error: 'Your role does not allow this.' });
          expect(await auditCount()).toBe(before);
        }
      },
    );

    it('refuses even a bad request from a role without the permission with 403', async () => {
      const packer = await createStaff(t.db, 'packer');
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path.replace(':id', 'not-an-id'),
        headers: { origin, cookie: packer.cookie },
        ...(endpoint.method === 'GET' ? {} : { payload: { nonsense: true } }),
      });
      const allowed = roleMayCall('packer', endpoint.access);
      expect(res.statusCode).toBe(allowed ? res.statusCode : 403);
      expect(res.statusCode).toBeLessThan(500);
    });
  });

  it('keeps the second factor for pending sessions only', async () => {
    const owner = await createStaff(t.db, 'owner');
    const sample = await SAMPLES.secondFactor(t.db);
    const full = await call(adminEndpoints.secondFactor, sample, owner.cookie);
    expect(full.statusCode).toBe(403);
    const none = await call(adminEndpoints.secondFactor, sample);
    expect(none.statusCode).toBe(401);
  });
});
