// Backups in the back office, as the owner uses them: an empty list with the nightly plan,
// "Back up now" (audited), the list with sizes and times, and the download (audited) of the
// very file; bad and unknown names refused with 4xx; on a disk without room for it, refused with
// the figures before anything is written.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { BACKUP_HEADROOM_BYTES } from './backup-room.js';
import { smallShop } from '../test/backups.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let owner: AdminClient;
let ownerId: number;

beforeAll(async () => {
  t = await startTestApp({ BACKUP_TIME: '03:15', BACKUP_KEEP_DAILY: '5', BACKUP_KEEP_WEEKLY: '2' });
  const staff = await createStaff(t.db, 'owner');
  ownerId = staff.id;
  owner = adminClient(t.app, new URL(t.config.publicUrl).origin, staff.cookie);
  await smallShop(t.db, t.config.dataDir);
}, 60_000);
afterAll(() => t?.close());

const backupAudit = () =>
  t.db.select().from(auditLog).where(eq(auditLog.entity, 'backup')).orderBy(auditLog.id);

describe('backups in the back office', () => {
  it('list none at first, with the nightly plan', async () => {
    const res = await owner.call('GET', '/api/admin/backups');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ backups: [], nightly_at: '03:15', keep_daily: 5, keep_weekly: 2 });
  });

  it('take one now, list it, and download that very file, each audited', async () => {
    const made = await owner.call('POST', '/api/admin/backups');
    expect(made.statusCode, made.body).toBe(200);
    const { backup } = made.json();
    expect(backup).toEqual({
      name: expect.stringMatching(/^kitroom-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-manual\.zip$/),
      taken_at: expect.any(String),
      size_bytes: expect.any(Number),
      reason: 'manual',
    });
    const file = path.join(t.config.dataDir, 'backups', backup.name);
    expect(backup.size_bytes).toBe(readFileSync(file).length);

    const list = await owner.call('GET', '/api/admin/backups');
    expect(list.json().backups).toEqual([backup]);

    const download = await owner.call('GET', `/api/admin/backups/${backup.name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.rawPayload.equals(readFileSync(file))).toBe(true);
    const manifest = JSON.parse(
      new TextDecoder().decode(unzipSync(download.rawPayload)['manifest.json']),
    );
    expect(manifest.counts).toEqual({ products: 2, orders: 4, invoices: 2, users: 4 });

    const audit = await backupAudit();
    expect(audit.map((a) => [a.action, a.entityId, a.staffId])).toEqual([
      ['create', backup.name, ownerId],
      ['download', backup.name, ownerId],
    ]);
    expect(audit[0]!.after).toMatchObject({ size_bytes: backup.size_bytes, orders: 4 });
  }, 60_000);

  it('respond 400 for a name that is not a backup and 404 for one that is not there', async () => {
    const bad = await owner.call('GET', '/api/admin/backups/..%2F..%2Fetc%2Fpasswd');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Invalid params request: name: not a backup of this shop',
    });
    const missing = await owner.call(
      'GET',
      '/api/admin/backups/kitroom-2020-01-01T00-00-00Z-manual.zip',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'name: there is no such backup.' });
  });
});

describe('Back up now on a disk without room for it', () => {
  let full: TestApp;
  let fullOwner: AdminClient;
  /** What statfs says is free under DATA_DIR. */
  let freeBytes = 0;

  beforeAll(async () => {
    full = await startTestApp(
      {},
      {
        statfs: async () => ({
          bavail: Math.floor(freeBytes / 4096),
          blocks: 2_621_440,
          bsize: 4096,
        }),
      },
    );
    const staff = await createStaff(full.db, 'owner');
    fullOwner = adminClient(full.app, new URL(full.config.publicUrl).origin, staff.cookie);
    await smallShop(full.db, full.config.dataDir);
  }, 60_000);
  afterAll(() => full?.close());

  it('is refused with the figures, and nothing is written or audited', async () => {
    freeBytes = 20 * 1024 * 1024;
    const refused = await fullOwner.call('POST', '/api/admin/backups');
    expect(refused.statusCode).toBe(409);
    const { error } = refused.json() as { error: string };
    expect(error).toMatch(
      /^There is not enough free disk space for a backup: 20 MB free in .+backups, and a backup of this shop needs about \d+ MB plus 64 MB left for the shop itself\. /,
    );
    expect(readdirSync(path.join(full.config.dataDir, 'backups'))).toEqual([]);
    const audit = await full.db.select().from(auditLog).where(eq(auditLog.entity, 'backup'));
    expect(audit).toEqual([]);
  });

  it('is taken once the disk has room again', async () => {
    freeBytes = BACKUP_HEADROOM_BYTES + 200 * 1024 * 1024;
    const made = await fullOwner.call('POST', '/api/admin/backups');
    expect(made.statusCode, made.body).toBe(200);
  }, 60_000);
});
