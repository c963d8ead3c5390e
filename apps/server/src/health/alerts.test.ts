// The owner alerts on both engines, with a fake clock: SMTP refusing for 15 minutes raises
// one alert, tries one mail to the owners (straight through the mailer), turns the Status
// page red and mails once SMTP is back; the alert clears when the outbox drains. Webhooks
// failing, an old (or missing) backup and a nearly full disk raise and clear the same way.
import { sql } from 'drizzle-orm';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../mail/index.js';
import { queryRows } from '../db/index.js';
import { adminClient } from '../test/admin-client.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { enqueueOne, makeOutboxDue, orderMailData } from '../test/outbox.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { checkAlerts, type AlertContext } from './alerts.service.js';
import { createHealthMonitor } from './health-monitor.js';
import { latestBackup, type BackupInfo } from './latest-backup.js';

const MINUTE = 60_000;

let smtp: SmtpCatcher;
let t: TestApp;
let mailer: Mailer;
let owner: TestStaff;
let manager: TestStaff;
/** Every recipient the alert checker tried to mail, in order. */
const tried: string[] = [];
let backup: BackupInfo | null;
let disk: { bavail: number; blocks: number; bsize: number };

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function context(o: Partial<AlertContext> = {}): AlertContext {
  return {
    config: t.config,
    database: t.database,
    monitor: createHealthMonitor(),
    mailer: {
      send: async (m) => {
        tried.push(m.to);
        await mailer.send(m);
      },
      close: () => undefined,
    },
    publicUrl: 'https://shop.example',
    log: silent,
    sleep: async () => undefined,
    statfs: async () => disk,
    latestBackup: async () => backup,
    ...o,
  };
}

interface Row {
  kind: string;
  raised_at: Date | null;
  mailed_at: Date | null;
  cleared_at: Date | null;
  detail: string;
}
const when = (v: Date | string | null) => (v === null ? null : new Date(v));
async function alertRows(): Promise<Row[]> {
  const rows = await queryRows<Row>(
    t.db,
    sql`SELECT kind, raised_at, mailed_at, cleared_at, detail FROM owner_alerts ORDER BY kind`,
  );
  return rows.map((r) => ({
    ...r,
    raised_at: when(r.raised_at),
    mailed_at: when(r.mailed_at),
    cleared_at: when(r.cleared_at),
  }));
}

const alertMails = () => smtp.mails.filter((m) => m.subject.startsWith('Kitroom alert'));

async function status() {
  const res = await adminClient(t.app, t.config.publicUrl, owner.cookie).call(
    'GET',
    '/api/admin/status',
  );
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' },
    { orderSweep: false },
  );
  mailer = createMailer({
    smtpUrl: smtp.url,
    from: t.config.mailFrom,
    outboxDir: '/nonexistent',
    log: silent,
  });
  owner = await createStaff(t.db, 'owner');
  manager = await createStaff(t.db, 'manager');
  // A disabled owner is not mailed.
  const gone = await createStaff(t.db, 'owner');
  await t.db.execute(sql`UPDATE staff SET disabled_at = now() WHERE id = ${gone.id}`);
});
afterAll(async () => {
  await t?.close();
  mailer?.close();
  await smtp?.close();
});
beforeEach(() => {
  tried.length = 0;
  smtp.mails.length = 0;
  backup = { file: 'kitroom.backup', takenAt: new Date(), bytes: 5_000_000 };
  disk = { bavail: 50 * 262_144, blocks: 100 * 262_144, bsize: 4096 };
});

describe('the outbox alert', () => {
  it('SMTP refusing for 15 minutes: one alert, one mail attempt, the panel red; mailed when SMTP is back; cleared when the outbox drains', async () => {
    smtp.refuseAll(true);
    await enqueueOne(t.db, 'order-confirmed', 'shopper-alert@example.com', orderMailData());
    expect((await t.drainOutbox()).retried).toBe(1);
    const start = Date.now();
    const at = (minutes: number) => new Date(start + minutes * MINUTE);
    const ctx = context();

    // 14 minutes: not yet.
    expect((await checkAlerts(ctx, at(14))).raised).toEqual([]);
    expect(await alertRows()).toEqual([]);

    // 16 minutes: raised; the owner's mail is tried (three times, SMTP refuses each).
    const raised = await checkAlerts(ctx, at(16));
    expect(raised).toMatchObject({
      checked: true,
      raised: ['outbox_stuck'],
      unsent: ['outbox_stuck'],
    });
    expect(tried).toEqual([owner.email, owner.email, owner.email]);
    const [row] = await alertRows();
    expect(row).toMatchObject({ kind: 'outbox_stuck', mailed_at: null, cleared_at: null });
    expect(row!.detail).toBe('The oldest unsent mail has waited 16 minutes; 1 mail is waiting.');

    const panel = await status();
    expect(panel.outbox).toMatchObject({ level: 'red', pending: 1 });
    expect(panel.alerts).toEqual([
      {
        kind: 'outbox_stuck',
        raised_at: at(16).toISOString(),
        mailed_at: null,
        detail: row!.detail,
      },
    ]);

    // A minute later: still one row, no new attempt (the next comes after 5 minutes).
    tried.length = 0;
    expect(await checkAlerts(ctx, at(17))).toMatchObject({ raised: [], mailed: [], unsent: [] });
    expect(tried).toEqual([]);
    expect(await alertRows()).toHaveLength(1);

    // SMTP accepts again: the next try mails the owner once, not the manager.
    smtp.refuseAll(false);
    expect((await checkAlerts(ctx, at(22))).mailed).toEqual(['outbox_stuck']);
    expect(alertMails().map((m) => m.to)).toEqual([[owner.email]]);
    expect(alertMails()[0]!.subject).toBe('Kitroom alert: mail is not going out');
    expect(alertMails()[0]!.text).toContain('https://shop.example/admin/status');
    expect(alertMails().some((m) => m.to.includes(manager.email))).toBe(false);
    expect((await alertRows())[0]!.mailed_at).toEqual(at(22));
    expect((await checkAlerts(ctx, at(28))).mailed).toEqual([]);
    expect(alertMails()).toHaveLength(1);

    // The outbox drains: the alert clears and the panel is green again.
    await makeOutboxDue(t.db);
    expect((await t.drainOutbox()).sent).toBe(1);
    expect((await checkAlerts(ctx, at(29))).cleared).toEqual(['outbox_stuck']);
    expect((await alertRows())[0]!.cleared_at).toEqual(at(29));
    const after = await status();
    expect(after.outbox).toMatchObject({
      level: 'green',
      pending: 0,
      oldest_waiting_seconds: null,
    });
    expect(after.alerts).toEqual([]);
  });
});

describe('the other alerts', () => {
  it('webhooks: five failures in 15 minutes and no success raise it; a success clears it', async () => {
    const monitor = createHealthMonitor();
    const ctx = context({ monitor });
    const now = new Date();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
    // An old failure (20 minutes ago) is outside the window.
    monitor.webhookServed('razorpay', 'refused', ago(20));
    for (const m of [14, 10, 6, 2]) monitor.webhookServed('razorpay', 'refused', ago(m));
    // Another provider's success does not hide these.
    monitor.webhookServed('shiprocket', 'ok', ago(3));
    expect((await checkAlerts(ctx, now)).raised).toEqual([]);
    monitor.webhookServed('razorpay', 'error', ago(1));
    expect((await checkAlerts(ctx, now)).raised).toEqual(['webhooks_failing']);
    expect(alertMails()[0]!.subject).toBe('Kitroom alert: webhooks keep failing');
    expect(alertMails()[0]!.text).toContain(
      '5 razorpay webhook deliveries failed in the last 15 minutes and none succeeded.',
    );
    expect((await status()).webhooks).toMatchObject({ level: 'red' });
    monitor.webhookServed('razorpay', 'ok', now);
    expect((await checkAlerts(ctx, now)).cleared).toEqual(['webhooks_failing']);
  });

  it('backups: older than a day raises it; none at all once the shop is a day old; off: none', async () => {
    const ctx = context();
    const now = new Date();
    backup = { file: 'old.backup', takenAt: new Date(now.getTime() - 25 * 60 * MINUTE), bytes: 1 };
    expect((await checkAlerts(ctx, now)).raised).toEqual(['backup_old']);
    expect(alertMails()[0]!.text).toContain('The last backup was taken 25 hours ago.');
    expect((await status()).backup).toMatchObject({ level: 'red', nightly: true });

    backup = { file: 'new.backup', takenAt: now, bytes: 1 };
    expect((await checkAlerts(ctx, now)).cleared).toEqual(['backup_old']);

    // No backup: fine on the shop's first day, an alert once its first staff is a day old.
    backup = null;
    expect((await checkAlerts(ctx, now)).raised).toEqual([]);
    const later = new Date(now.getTime() + 25 * 60 * MINUTE);
    const raisedAgain = await checkAlerts(ctx, later);
    expect(raisedAgain.raised).toEqual(['backup_old']);
    expect((await alertRows()).find((r) => r.kind === 'backup_old')).toMatchObject({
      raised_at: later,
      cleared_at: null,
      detail: 'No backup has been taken, and the shop is more than a day old.',
    });
    // Raised again after clearing: mailed again.
    expect(raisedAgain.mailed).toEqual(['backup_old']);

    // With nightly backups off the owner chose otherwise: no alert.
    const off = context({ config: { ...t.config, backups: { ...t.config.backups, at: null } } });
    expect((await checkAlerts(off, later)).cleared).toEqual(['backup_old']);
  });

  it('disk: under 1 GiB or under 5% free raises it; plenty clears it', async () => {
    const ctx = context();
    const now = new Date();
    // 4 GiB free of 100 GiB: under 5%.
    disk = { bavail: 4 * 262_144, blocks: 100 * 262_144, bsize: 4096 };
    expect((await checkAlerts(ctx, now)).raised).toEqual(['disk_low']);
    expect(alertMails()[0]!.text).toContain(
      '4.0 GiB free of 100.0 GiB on the disk that holds DATA_DIR.',
    );
    const panel = await status();
    expect(panel.alerts.map((a: { kind: string }) => a.kind)).toEqual(['disk_low']);
    disk = { bavail: 50 * 262_144, blocks: 100 * 262_144, bsize: 4096 };
    expect((await checkAlerts(ctx, now)).cleared).toEqual(['disk_low']);
    // 0.5 GiB free of a 8 GiB disk (over 5%, under 1 GiB).
    disk = { bavail: 131_072, blocks: 8 * 262_144, bsize: 4096 };
    expect((await checkAlerts(ctx, now)).raised).toEqual(['disk_low']);
    disk = { bavail: 50 * 262_144, blocks: 100 * 262_144, bsize: 4096 };
    expect((await checkAlerts(ctx, now)).cleared).toEqual(['disk_low']);
  });
});

describe('two processes checking at once', () => {
  it('raise the alert once and mail it once', async () => {
    disk = { bavail: 1_000, blocks: 100 * 262_144, bsize: 4096 };
    const now = new Date();
    const [a, b] = await Promise.all([checkAlerts(context(), now), checkAlerts(context(), now)]);
    expect([...a.raised, ...b.raised]).toEqual(['disk_low']);
    expect([...a.mailed, ...b.mailed]).toEqual(['disk_low']);
    expect(alertMails()).toHaveLength(1);
    disk = { bavail: 50 * 262_144, blocks: 100 * 262_144, bsize: 4096 };
    expect((await checkAlerts(context(), now)).cleared).toEqual(['disk_low']);
  });
});

describe('latestBackup', () => {
  it('returns the newest backup under DATA_DIR/backups with its time and size, or null', async () => {
    expect(await latestBackup(t.config.dataDir)).toBeNull();
    const dir = path.join(t.config.dataDir, 'backups');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'kitroom-2026-11-24T21-00-00Z-nightly.zip'), Buffer.alloc(300));
    await writeFile(path.join(dir, 'kitroom-2026-11-25T21-00-00Z-nightly.zip'), Buffer.alloc(700));
    // Not a backup's name: not counted, however new.
    await writeFile(path.join(dir, 'notes.txt'), 'copy these off the machine');
    expect(await latestBackup(t.config.dataDir)).toEqual({
      file: 'kitroom-2026-11-25T21-00-00Z-nightly.zip',
      takenAt: new Date('2026-11-25T21:00:00Z'),
      bytes: 700,
    });
  });
});
