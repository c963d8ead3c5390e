import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { ApiError, call, UNREACHABLE } from './client';

describe('call', () => {
  it('fills in path parameters, sends JSON with the cookie, and returns the body', async () => {
    const api = fakeApi({
      'PATCH /api/admin/staff/7': { body: { staff: { id: 7, role: 'packer' } } },
    });
    const response = await call('updateStaff', { params: { id: 7 }, body: { role: 'packer' } });
    expect(response).toEqual({ staff: { id: 7, role: 'packer' } });
    expect(api.calls).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: '/api/admin/staff/7',
        body: { role: 'packer' },
        credentials: 'same-origin',
      }),
    ]);
  });

  it('builds the query string from what is set', async () => {
    const api = fakeApi({ 'GET /api/admin/audit': { body: { entries: [], next_before: null } } });
    await call('audit', { query: { entity: 'staff', staff_id: undefined, from: '', before: 40 } });
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({ entity: 'staff', before: '40' });
  });

  it("throws the server's text and status", async () => {
    fakeApi({
      'POST /api/admin/sign-in': {
        status: 429,
        body: { error: 'Too many sign-in attempts.' },
      },
      'GET /api/admin/me': { status: 401, body: { error: 'Please sign in to the back office.' } },
    });
    const refused = await call('signIn', { body: { email: 'a@b.in', password: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ message: 'Too many sign-in attempts.', status: 429 });
    // A 401 means "sign in again" only where a session was needed.
    const me = (await call('me').catch((e: unknown) => e)) as ApiError;
    expect(me.signInNeeded).toBe(true);
    expect(new ApiError('Please check your email', 401, 'signIn').signInNeeded).toBe(false);
  });

  it('says so when the shop does not respond', async () => {
    fakeApi({});
    await expect(call('me')).rejects.toMatchObject({ message: UNREACHABLE, status: 0 });
  });
});
