// Webhook posts that carry no valid signature or token (anyone can send them) are refused
// and logged, and never turn the Status page red or mail the owners; signed deliveries that
// still fail do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../test/admin-client.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { createSandboxGateway, sandboxSecretSeed } from '../payments/index.js';
import { createSandboxCourier, SANDBOX_TOKEN_HEADER } from '../shipping/index.js';
import { checkAlerts, type AlertContext } from './alerts.service.js';

let t: TestApp;
let owner: TestStaff;
const mailed: string[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  owner = await createStaff(t.db, 'owner');
});
afterAll(() => t?.close());

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const alertContext = (): AlertContext => ({
  config: t.config,
  database: t.database,
  monitor: t.app.health,
  mailer: { send: async (m) => void mailed.push(m.to), close: () => undefined },
  publicUrl: t.config.publicUrl,
  log: silent,
  sleep: async () => undefined,
});
const webhooksOnStatus = async () =>
  (
    await adminClient(t.app, t.config.publicUrl, owner.cookie).call('GET', '/api/admin/status')
  ).json().webhooks;

const paymentWebhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/webhook',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signature,
      'x-sandbox-event-id': 'evt_1',
    },
    payload: body,
  });

describe('webhook alerts', () => {
  it('unsigned posts to the payment and courier webhooks are refused, and alarm no one', async () => {
    for (let i = 0; i < 6; i++) {
      const payment = await paymentWebhook(`{"id":"evt_${i}"}`, 'forged');
      expect(payment.statusCode).toBe(400);
      expect(payment.json()).toEqual({ error: 'The webhook signature is not valid.' });
      const courier = await t.app.inject({
        method: 'POST',
        url: '/api/parcel-updates/sandbox',
        headers: { [SANDBOX_TOKEN_HEADER]: 'guessed' },
        payload: { awb: 'X', state: 'delivered' },
      });
      expect(courier.statusCode).toBe(401);
    }
    expect(await webhooksOnStatus()).toMatchObject({ level: 'green', failures_last_hour: 0 });
    const check = await checkAlerts(alertContext());
    expect(check.raised).toEqual([]);
    expect(mailed).toEqual([]);
    // Still counted for /metrics, apart from the deliveries that prove themselves.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(
      'kitroom_webhook_requests_total{provider="sandbox",outcome="unsigned"} 6',
    );
    expect(metrics).toContain(
      'kitroom_webhook_requests_total{provider="courier-sandbox",outcome="unsigned"} 6',
    );
  });

  it("counts a courier's authentic deliveries under its own name", async () => {
    const courier = createSandboxCourier({
      db: t.db,
      secretSeed: sandboxSecretSeed(t.config),
      publicUrl: t.config.publicUrl,
      labelData: async () => [],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/parcel-updates/sandbox',
      headers: courier.webhookHeaders(),
      payload: { nothing: 'we track' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(
      'kitroom_webhook_requests_total{provider="courier-sandbox",outcome="ok"} 1',
    );
  });

  it('signed deliveries that still fail raise the alert', async () => {
    const gateway = createSandboxGateway(sandboxSecretSeed(t.config));
    for (let i = 0; i < 5; i++) {
      const body = `{"id":"evt_bad_${i}"}`;
      const res = await paymentWebhook(body, gateway.signWebhook(body));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The webhook could not be read.' });
    }
    expect(await webhooksOnStatus()).toMatchObject({ failures_last_hour: 5 });
    const check = await checkAlerts(alertContext());
    expect(check.raised).toEqual(['webhooks_failing']);
    expect(mailed).toContain(owner.email);
    expect(await webhooksOnStatus()).toMatchObject({ level: 'red' });
  });
});
