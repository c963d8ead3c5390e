// The Status page's endpoint on both engines, with the app's own periodic work running: the
// jobs' runs show, a failed run turns the jobs amber with its message, the database and disk
// are read for real, and only owners and managers may look.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../test/admin-client.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff, type TestStaff } from '../test/staff.js';

let t: TestApp;
let owner: TestStaff;

const get = (who: TestStaff) =>
  adminClient(t.app, t.config.publicUrl, who.cookie).call('GET', '/api/admin/status');

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  // The order and refund sweeps run at start (orderSweep on), the outbox worker polls.
  t = await startTestApp({}, { outboxWorker: true });
  owner = await createStaff(t.db, 'owner');
}, 180_000);
afterAll(() => t?.close());

describe('GET /api/admin/status', () => {
  it("shows the periodic jobs' runs, the database, the disk and the version", async () => {
    const sweeps = t.app.health.sweeps();
    await until(() => sweeps.orders.lastRunAt !== null && sweeps.outbox.lastRunAt !== null);
    const res = await get(owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(body.database).toMatchObject({
      level: 'green',
      engine: process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite',
    });
    expect(body.database.bytes).toBeGreaterThan(0);
    expect(body.disk.free_bytes).toBeGreaterThan(0);
    expect(body.backup).toEqual({ level: 'amber', nightly: true, latest: null });
    expect(body.outbox).toEqual({ level: 'green', pending: 0, oldest_waiting_seconds: null });
    expect(body.sweeps.level).toBe('green');
    const run = (name: string) => body.sweeps.runs.find((r: { name: string }) => r.name === name);
    expect(run('orders').last_run_at).not.toBeNull();
    expect(run('refunds').last_run_at).not.toBeNull();
    expect(run('outbox')).toMatchObject({ last_error: null, last_error_at: null });
    // The alert checker's first run is a minute after the start.
    expect(run('alerts')).toEqual({
      name: 'alerts',
      last_run_at: null,
      last_error: null,
      last_error_at: null,
    });
    expect(body.alerts).toEqual([]);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/kitroom_sweep_runs_total\{sweep="orders"\} [1-9]/);
  });

  it('turns the jobs amber with the failed run and its message', async () => {
    t.app.health.sweepRan('refunds', new Error('The payment provider did not respond.'));
    const body = (await get(owner)).json();
    expect(body.sweeps.level).toBe('amber');
    expect(body.sweeps.runs.find((r: { name: string }) => r.name === 'refunds')).toMatchObject({
      last_error: 'The payment provider did not respond.',
    });
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('kitroom_sweep_failures_total{sweep="refunds"} 1');
    // A good run after it: green again, the last failure still shown.
    t.app.health.sweepRan('refunds');
    const again = (await get(owner)).json();
    expect(again.sweeps.level).toBe('green');
    expect(again.sweeps.runs.find((r: { name: string }) => r.name === 'refunds').last_error).toBe(
      'The payment provider did not respond.',
    );
  });

  it('is for owners and managers: packers and support get 403', async () => {
    expect((await get(await createStaff(t.db, 'manager'))).statusCode).toBe(200);
    for (const role of ['packer', 'support'] as const) {
      const res = await get(await createStaff(t.db, role));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Your role does not allow this.' });
    }
  });
});
