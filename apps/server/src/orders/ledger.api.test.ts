// An order's money ledger and the owner's reconciliation over HTTP (issue 39; decision 061):
// the order page lists every movement of its money and says it balances; a staff refund is an
// entry of its own; a payment kept where it should not be shows on the Reconciliation page with
// its figures; packers see neither. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE=postgres.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createRefundableOrder } from '../test/refund-factories.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let manager: AdminClient;
let packer: AdminClient;

const client = async (role: 'packer' | 'manager') =>
  adminClient(t.app, new URL(t.config.publicUrl).origin, (await createStaff(t.db, role)).cookie);

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  manager = await client('manager');
  packer = await client('packer');
});
afterAll(() => t?.close());

describe("an order's ledger", () => {
  it('lists what was charged, captured and refunded, and balances after a staff refund', async () => {
    const order = await createRefundableOrder(t.db); // ₹1,359, paid on the sandbox
    const before = (await manager.call('GET', `/api/admin/orders/${order.id}`)).json();
    expect(before.ledger).toMatchObject({
      entries: [
        { kind: 'charged', purpose: 'order', amount_paise: 135_900, method: 'Online' },
        { kind: 'captured', purpose: 'payment', amount_paise: 135_900, method: 'sandbox' },
      ],
      kept_paise: 135_900,
      expected_paise: 135_900,
      balanced: true,
      because: 'It is paid, so it keeps its total.',
    });

    const refunded = await manager.call('POST', `/api/admin/orders/${order.id}/refunds`, {
      amount: '200',
      reason: 'Late delivery',
      idempotency_key: randomUUID(),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = (await manager.call('GET', `/api/admin/orders/${order.id}`)).json();
    expect(after.ledger.entries.at(-1)).toMatchObject({
      kind: 'refund',
      purpose: 'staff',
      amount_paise: -20_000,
      refund_id: refunded.json().refund.id,
      reference: expect.stringMatching(/^sbxrfnd_/),
      status: 'processed',
    });
    expect(after.ledger).toMatchObject({
      kept_paise: 115_900,
      expected_paise: 115_900,
      balanced: true,
    });
    // The figure the refund dialog offers is a sum over the same ledger.
    expect(after.refundable_paise).toBe(115_900);
  });

  it('is not shown to a packer, who sees no money', async () => {
    const order = await createRefundableOrder(t.db);
    const res = await packer.call('GET', `/api/admin/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().ledger).toBeNull();
  });
});

describe('the reconciliation', () => {
  it('checks every order and lists one that keeps a second payment, with its figures', async () => {
    const order = await createRefundableOrder(t.db);
    const clean = (await manager.call('GET', '/api/admin/reconciliation')).json();
    expect(clean.checked).toBeGreaterThanOrEqual(3);
    expect(clean.unbalanced).toEqual([]);

    // A second capture nobody gave back: what the seams once let through (decision 056).
    await t.db.execute(
      sql`INSERT INTO payments (order_id, provider, provider_ref, provider_payment_id,
                                amount_paise, status, payment_url)
          VALUES (${order.id}, 'sandbox', ${`order-${order.id}-second`}, 'sbxpay_second',
                  135900, 'paid', '')`,
    );
    const found = (await manager.call('GET', '/api/admin/reconciliation')).json();
    expect(found.unbalanced).toEqual([
      {
        order_id: order.id,
        charged_paise: 135_900,
        captured_paise: 271_800,
        cash_paise: 0,
        refunded_paise: 0,
        kept_paise: 271_800,
        expected_paise: 135_900,
        because: 'It is paid, so it keeps its total.',
      },
    ]);
    const page = (await manager.call('GET', `/api/admin/orders/${order.id}`)).json();
    expect(page.ledger).toMatchObject({ balanced: false, kept_paise: 271_800 });
    await t.db.execute(sql`DELETE FROM payments WHERE provider_payment_id = 'sbxpay_second'`);
  });

  it('is for those who read reports: a packer is refused', async () => {
    const res = await packer.call('GET', '/api/admin/reconciliation');
    expect(res.statusCode).toBe(403);
  });
});
