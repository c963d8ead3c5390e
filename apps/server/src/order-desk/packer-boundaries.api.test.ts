// Role boundaries as OPERATIONS.md draws them: packers handle parcels, not money. A packer
// is refused the order totals, invoices and credit notes, and writing notes; an order shows
// them no payments (with the provider's ids), no refunds or their reasons and no amounts in
// its timeline, and a return shows no refund. Support and managers still see all of it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createRefundableOrder } from '../test/refund-factories.js';
import { createReturn } from '../test/returns.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let packer: AdminClient;
let support: AdminClient;
let manager: AdminClient;
let orderId: number;

const NOT_ALLOWED = { error: 'Your role does not allow this.' };
const REASON = 'Shopper found a stain on the sleeve';

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  const origin = new URL(t.config.publicUrl).origin;
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  support = adminClient(t.app, origin, (await createStaff(t.db, 'support')).cookie);
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
  orderId = (await createRefundableOrder(t.db)).id;
  const refund = await manager.call('POST', `/api/admin/orders/${orderId}/refunds`, {
    amount: '100',
    reason: REASON,
    idempotency_key: randomUUID(),
  });
  expect(refund.statusCode, refund.body).toBe(200);
});
afterAll(() => t?.close());

describe('a packer', () => {
  it('is refused the order totals, invoices, credit notes and notes', async () => {
    const refused: [string, string, object?][] = [
      ['GET', '/api/admin/orders/totals'],
      ['GET', `/api/admin/orders/invoices?ids=${orderId}`],
      ['GET', `/api/admin/orders/${orderId}/invoice`],
      ['GET', `/api/admin/orders/${orderId}/credit-notes`],
      ['GET', '/api/admin/credit-notes/1'],
      ['POST', `/api/admin/orders/${orderId}/notes`, { note: 'Left at the gate' }],
    ];
    for (const [method, url, body] of refused) {
      const res = await packer.call(method as 'GET' | 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(NOT_ALLOWED);
    }
    const note = await support.call('POST', `/api/admin/orders/${orderId}/notes`, {
      note: 'Left at the gate',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect((await support.call('GET', '/api/admin/orders/totals')).statusCode).toBe(200);
  });

  it('sees an order without its payments, refunds or amounts in the timeline', async () => {
    const seen = (await packer.call('GET', `/api/admin/orders/${orderId}`)).json();
    expect(seen.payments).toEqual([]);
    expect(seen.refunds).toEqual([]);
    expect(seen.refundable_paise).toBe(0);
    const requested = seen.events.find((e: { type: string }) => e.type === 'refund_requested');
    expect(requested).toMatchObject({ note: '', data: { refund_id: expect.any(Number) } });
    expect(JSON.stringify(seen)).not.toContain(REASON);
    expect(JSON.stringify(seen.events)).not.toContain('_paise');

    const full = (await support.call('GET', `/api/admin/orders/${orderId}`)).json();
    expect(full.payments).toHaveLength(1);
    expect(full.payments[0].provider_ref).toEqual(expect.any(String));
    expect(full.refunds[0]).toMatchObject({ reason: REASON, amount_paise: 10_000 });
  });

  it('sees the order list and its CSV without totals', async () => {
    const list = (await packer.call('GET', '/api/admin/orders')).json().orders;
    const row = list.find((o: { id: number }) => o.id === orderId);
    expect(row).toMatchObject({ id: orderId, total_paise: null });
    const csv = (await packer.call('GET', '/api/admin/orders/export')).body;
    expect(csv.split('\r\n')[0]).not.toContain('total_rupees');
    const theirs = (await support.call('GET', '/api/admin/orders')).json().orders;
    expect(theirs.find((o: { id: number }) => o.id === orderId).total_paise).toBe(135_900);
    expect((await support.call('GET', '/api/admin/orders/export')).body).toContain('total_rupees');
  });

  it('sees a return without the refund it is due', async () => {
    const returnId = await createReturn(t.db, { kind: 'return', status: 'approved' });
    const seen = (await packer.call('GET', `/api/admin/returns/${returnId}`)).json().return;
    expect(seen).toMatchObject({ refund_due_paise: null, refund: null });
    const full = (await manager.call('GET', `/api/admin/returns/${returnId}`)).json().return;
    expect(full.refund_due_paise).toBeGreaterThan(0);
  });
});
