import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/index.js';
import { WRITE_FAILURE_MEMORY_MS, writeTrouble } from '../health/index.js';
import { testDatabaseKind } from '../test/database.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  for (let i = 0; i < 20; i++) await createProduct(t.db);
});
afterAll(() => t?.close());

describe('operations', () => {
  it('serves /healthz without the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves /readyz when the database responds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('sends security headers and no X-Powered-By', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home.php' });
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('compresses large responses', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop.php',
      payload: { limit: '0-50' },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('readiness when the database is down', () => {
  it('responds 503 on /readyz while /healthz stays up', async () => {
    const own = await startTestApp();
    await own.database.close();
    const ready = await own.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'The database is not reachable.' });
    const health = await own.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    await own.app.close();
  });
});

describe('readiness when the database cannot write', () => {
  it('responds 503 on /readyz for a while after a write was refused for a full disk', async () => {
    const own = await startTestApp();
    try {
      // The very error PostgreSQL and PGlite raise when a table's file cannot grow (53100),
      // through the real driver; only its cause is not a real full disk.
      const refused = own.db.execute(
        sql`DO $$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$`,
      );
      await expect(refused).rejects.toThrow();
      const ready = await own.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error).toMatch(
        /^The database refused a write at \d{4}-\d\d-\d\dT[\d:.]+Z: its disk is full\.$/,
      );
      // The owner's Status page says the same, in red.
      const owner = await createStaff(own.db, 'owner');
      const status = await own.app.inject({
        method: 'GET',
        url: '/api/admin/status',
        headers: { cookie: owner.cookie, origin: new URL(own.config.publicUrl).origin },
      });
      expect(status.statusCode, status.body).toBe(200);
      expect(status.json().database).toMatchObject({
        level: 'red',
        trouble: ready.json().error,
      });
      // Once writes have not been refused for a while, ready again.
      const later = new Date(Date.now() + WRITE_FAILURE_MEMORY_MS + 1_000);
      expect(await writeTrouble(own, later)).toBeNull();
    } finally {
      await own.close();
    }
  });

  it('responds 503 on /readyz while the disk under DATA_DIR is full (PGlite keeps its files there)', async () => {
    let freeBytes = 1024 * 1024;
    const own = await startTestApp(
      {},
      { statfs: async () => ({ bavail: freeBytes / 4096, blocks: 2_621_440, bsize: 4096 }) },
    );
    try {
      const ready = await own.app.inject({ method: 'GET', url: '/readyz' });
      if (testDatabaseKind() === 'pglite') {
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          error: 'The disk that holds DATA_DIR has 1 MB free: the database cannot write.',
        });
      } else {
        // PostgreSQL's files are on its own server's disk.
        expect(ready.statusCode).toBe(200);
      }
      freeBytes = 2 * 1024 ** 3;
      expect((await own.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('responds 503, not 500, to a request whose write the full disk refused', async () => {
    const own = await startTestApp();
    try {
      // Every write to the table a cart add touches is refused as on a full disk.
      await own.db.execute(sql`CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$`);
      await own.db.execute(
        sql`CREATE TRIGGER refuse_write BEFORE INSERT ON rate_limits FOR EACH ROW EXECUTE FUNCTION refuse_write()`,
      );
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/login_verification.php',
        payload: { email: 'asha@example.com', password: 'not her password' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    } finally {
      await own.close();
    }
  });
});
