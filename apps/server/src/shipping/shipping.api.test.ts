// delivery_estimate.php as the product page and checkout call it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The clock at an Indian time (only Date is faked: the server's timers run as usual). */
function clockAt(local: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${local}:00+05:30`));
}

const estimate = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/delivery_estimate.php?${query}` });

describe('delivery_estimate.php', () => {
  it('returns where the pincode is and the day an order paid now arrives', async () => {
    clockAt('2026-11-26T10:00');
    const res = await estimate('pincode=560001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
      states: ['Karnataka'],
      date: '2026-11-30',
      text: 'Delivery by Mon, 30 Nov',
      // Off until the owner turns it on (decision 034).
      cod: {
        available: false,
        fee: 49,
        reason: 'Cash on delivery is not available at the moment.',
      },
    });
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect((await estimate('pincode=673001')).json()).toMatchObject({
      city: 'Kozhikode',
      state: 'Kerala',
      text: 'Delivery by Fri, 27 Nov',
    });
  });

  it('promises a day later after the cut-off, and skips the Sunday', async () => {
    clockAt('2026-11-28T15:00');
    expect((await estimate('pincode=560001')).json()).toMatchObject({
      date: '2026-12-03',
      text: 'Delivery by Thu, 3 Dec',
    });
  });

  it('refuses an unknown pincode and a malformed one with 400', async () => {
    const cases: [string, string][] = [
      ['pincode=999999', 'Pincode 999999 is not an Indian pincode. Please check it.'],
      ['pincode=67300', 'Invalid querystring request: pincode: pincode must be exactly 6 digits'],
      ['', 'Invalid querystring request: pincode: pincode is required'],
    ];
    for (const [query, error] of cases) {
      const res = await estimate(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error });
    }
  });
});
