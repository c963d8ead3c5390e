// GET /metrics on both engines: Prometheus' text format, requests labelled by their route
// pattern (never the URL), orders and payments per state after a real checkout with no
// shopper's email, phone or name anywhere, webhook refusals per provider, and the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { METRICS_TOKEN_NEEDED } from './metrics.routes.js';

let t: TestApp;
let who: Shopper;

/** A sample line: name{labels} value. */
const SAMPLE = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/;

async function scrape(app = t, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url: '/metrics', headers });
}

function samples(text: string): string[] {
  return text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
}

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  who = await shopper(t);
  const productId = await createProduct(t.db, { pricePaise: 129_900 });
  await paidOrder(t, who, [{ product_id: productId, size: 'M', quantity: 1 }], 1_359);
});
afterAll(() => t?.close());

describe('GET /metrics', () => {
  it('returns Prometheus text: every line a comment or a sample', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = samples(res.body);
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(line).toMatch(SAMPLE);
    expect(res.body).toContain('# TYPE kitroom_http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE kitroom_process_process_cpu_user_seconds_total counter');
  });

  it('labels requests by their route pattern, never the URL with its ids and query', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/product.php?id=5',
      payload: { product_id: 5 },
    });
    await t.app.inject({ method: 'GET', url: '/api/admin/orders/98765' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call/asha@example.com' });
    const body = (await scrape()).body;
    expect(body).toMatch(
      /kitroom_http_requests_total\{route="\/api\/product\.php",method="POST",status_class="[24]xx"\} 1/,
    );
    expect(body).toContain(
      'kitroom_http_requests_total{route="/api/admin/orders/:id",method="GET",status_class="4xx"} 1',
    );
    expect(body).toMatch(
      /kitroom_http_request_duration_seconds_bucket\{le="0.005",route="\/api\/product\.php"/,
    );
    // Sample values (bytes, seconds) may hold any digits; the labels never hold the URL's.
    const labels = [...body.matchAll(/\{[^}]*\}/g)].map((m) => m[0]).join('\n');
    expect(labels).not.toContain('id=5');
    expect(labels).not.toContain('98765');
    expect(body).not.toContain('asha@example.com');
    const routes = [...body.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    for (const route of routes) expect(route).not.toMatch(/[?@]|\/\d+(\/|$)/);
  });

  it("counts orders and payments per state, and shows no shopper's email, phone or name", async () => {
    const body = (await scrape()).body;
    expect(body).toContain('kitroom_orders{status="Processing",payment_status="SUCCESS"} 1');
    expect(body).toContain('kitroom_payments{provider="sandbox",state="paid"} 1');
    expect(body).toContain('kitroom_outbox_pending');
    expect(body).toMatch(/kitroom_disk_free_bytes \d+/);
    expect(body).toContain('kitroom_backup_present 0');
    expect(body).toContain('kitroom_alert_active{kind="outbox_stuck"} 0');
    expect(body).not.toContain(who.email);
    const labels = [...body.matchAll(/\{[^}]*\}/g)].map((m) => m[0]).join('\n');
    expect(labels).not.toContain('9876543210');
    expect(body).not.toContain('Asha');
    expect(body).not.toMatch(/@(example\.com|kitroom\.in)/);
  });

  it('counts webhook refusals per provider, unsigned posts apart', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/webhook',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'forged' },
      payload: '{"id":"evt_1"}',
    });
    expect(refused.statusCode).toBe(400);
    const body = (await scrape()).body;
    expect(body).toContain(
      'kitroom_webhook_requests_total{provider="sandbox",outcome="unsigned"} 1',
    );
  });
});

// Each starts a shop of its own: slow on a busy machine.
describe('the metrics token', () => {
  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await startTestApp({ METRICS_TOKEN: 'scrape-secret-1' }, { orderSweep: false });
    try {
      const none = await scrape(guarded);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({
        error: 'Send the metrics token as Authorization: Bearer <token>.',
      });
      const wrong = await scrape(guarded, { authorization: 'Bearer scrape-secret-2' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).not.toContain('kitroom_');
      const right = await scrape(guarded, { authorization: 'Bearer scrape-secret-1' });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('kitroom_orders');
    } finally {
      await guarded.close();
    }
  }, 120_000);

  it('refuses a production shop without a token, naming METRICS_TOKEN', async () => {
    const production = await startTestApp(
      {
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-production-session-secret-of-some-length',
        PAYMENT_PROVIDER: 'sandbox',
        DEMO_PAYMENTS_IN_PRODUCTION: 'true',
      },
      { orderSweep: false },
    );
    try {
      const res = await scrape(production);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: METRICS_TOKEN_NEEDED });
      expect(res.json().error).toContain('METRICS_TOKEN');
    } finally {
      await production.close();
    }
  }, 120_000);
});
