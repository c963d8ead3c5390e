// The outbox worker against a real SMTP server: retries while the server refuses, every mail
// exactly once across workers and restarts, dead letters with their reason, and the worker the
// app runs by itself.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.js';
import { createMailer, type Mailer } from '../mail/index.js';
import { testDatabaseKind } from '../test/database.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import {
  enqueueMany,
  enqueueOne,
  makeOutboxDue,
  orderMailData,
  outboxRows,
} from '../test/outbox.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp.js';
import * as q from './outbox.queries.js';
import { createOutboxWorker } from '../outbox.js';
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs, type OutboxWorker } from './outbox-worker.js';

let smtp: SmtpCatcher;
let t: TestApp;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  t = await startTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example', LOG_LEVEL: 'warn' },
    { logStream },
  );
});
const mailers: Mailer[] = [];
afterAll(async () => {
  await t?.close();
  for (const m of mailers) m.close();
  await smtp?.close();
});

/** The mails the SMTP server received for these recipients. */
const received = (recipients: string[]) =>
  smtp.mails.filter((m) => m.to.some((to) => recipients.includes(to)));

/** A worker of another "process": its own mailer, on the given database handle. */
function anotherWorker(db = t.db, o: { batchSize?: number; concurrency?: number } = {}) {
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: t.config.mailFrom,
    outboxDir: '/nonexistent',
    log: t.app.log,
  });
  mailers.push(mailer);
  return createOutboxWorker({
    db,
    mailer,
    publicUrl: t.config.publicUrl,
    log: t.app.log,
    digestAt: null,
    signingKey: null,
    pollMs: 20,
    ...o,
  });
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('back-off and retries', () => {
  it('pauses 30 s after a first failure, then 1 and 2 minutes at most, and gives up after a day', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 120_000, 120_000, 120_000, 120_000, 120_000,
    ]);
    // However long the outage, a mail is tried again within 2 minutes of the server's return.
    expect(
      Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelayMs(i + 1)).every(
        (ms) => ms <= 120_000,
      ),
    ).toBe(true);
    const waited = (attempts: number) =>
      Array.from({ length: attempts }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    const day = 24 * 60 * 60_000;
    // The last attempt comes a day after the first, not before.
    expect(waited(MAX_ATTEMPTS - 1)).toBeGreaterThanOrEqual(day);
    expect(waited(MAX_ATTEMPTS - 2)).toBeLessThan(day);
    // An hour's outage is a handful of attempts, far from dead.
    expect(MAX_ATTEMPTS).toBeGreaterThan(10);
    // A claim outlives the longest a send may take (10 s + 10 s + 30 s of timeouts), and no
    // more than a couple of minutes: a dead process's claim holds its mail that long.
    expect(LEASE_MS).toBeGreaterThan(60_000);
    expect(LEASE_MS).toBeLessThanOrEqual(120_000);
  });

  it('SMTP refusing for a while, then accepting: every mail delivered exactly once', async () => {
    const recipients = await enqueueMany(t.db, 30, 'outage');
    const mine = () => outboxRows(t.db, 'shopper-outage-%');
    const warnsBefore = logLines.length;

    smtp.refuseAll(true);
    expect(await t.drainOutbox()).toEqual({ sent: 0, retried: 30, dead: 0 });
    let rows = await mine();
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 1)).toBe(true);
    expect(rows[0]!.last_error).toContain('451');
    // Due again in 30 s, not at once: nothing more goes out on another drain now.
    expect(rows.every((r) => r.due_in_s > 25 && r.due_in_s <= 30)).toBe(true);
    expect(await t.drainOutbox()).toEqual({ sent: 0, retried: 0, dead: 0 });

    // Each failure is logged once, at warn, by its outbox id, with nothing of the mail's body.
    const warns = logLines.slice(warnsBefore).filter((l) => l.msg === 'mail not sent; will retry');
    expect(warns).toHaveLength(30);
    expect(new Set(warns.map((w) => w.outboxId))).toEqual(new Set(rows.map((r) => r.id)));
    expect(warns[0]).toMatchObject({ level: 40, template: 'order-confirmed', attempt: 1 });
    const logged = JSON.stringify(logLines);
    expect(logged).not.toContain('Kerala Blasters');
    expect(logged).not.toContain('Asha Menon');

    // Still down when the pause is over: the next pause is a minute.
    await makeOutboxDue(t.db);
    expect(await t.drainOutbox()).toEqual({ sent: 0, retried: 30, dead: 0 });
    rows = await mine();
    expect(rows.every((r) => r.attempts === 2 && r.due_in_s > 55 && r.due_in_s <= 60)).toBe(true);
    expect(received(recipients)).toEqual([]);

    smtp.refuseAll(false);
    await makeOutboxDue(t.db);
    expect(await t.drainOutbox()).toEqual({ sent: 30, retried: 0, dead: 0 });
    expect(await t.drainOutbox()).toEqual({ sent: 0, retried: 0, dead: 0 });
    rows = await mine();
    expect(rows.every((r) => r.status === 'sent' && r.sent && r.attempts === 3)).toBe(true);
    const mails = received(recipients);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([...recipients].sort());
    expect(mails[0]!.subject).toMatch(/^Kitroom order #\d+ is confirmed$/);
  });

  it('a shopper’s mail has the shop’s support address from its settings as its reply-to', async () => {
    await t.db.execute(sql`UPDATE shop_settings SET email = 'help@kitroom.example' WHERE id = 1`);
    const recipients = await enqueueMany(t.db, 1, 'reply');
    await t.drainOutbox();
    const [mail] = received(recipients);
    expect(mail!.replyTo).toBe('help@kitroom.example');
  });

  it('after a day of failures a mail is dead, with the last error, and logged once as lost', async () => {
    const [recipient] = await enqueueMany(t.db, 1, 'doomed');
    await t.db.execute(
      sql`UPDATE outbox SET attempts = ${MAX_ATTEMPTS - 1} WHERE recipient = ${recipient}`,
    );
    smtp.refuseAll(true);
    try {
      expect(await t.drainOutbox()).toEqual({ sent: 0, retried: 0, dead: 1 });
    } finally {
      smtp.refuseAll(false);
    }
    const [row] = await outboxRows(t.db, recipient);
    expect(row).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, sent: false });
    expect(row!.last_error).toContain('451');
    expect(logLines.filter((l) => l.outboxId === row!.id)).toMatchObject([
      { level: 50, msg: 'mail not sent after a day of tries; marked dead' },
    ]);
    await makeOutboxDue(t.db);
    expect(await t.drainOutbox()).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(received([recipient!])).toEqual([]);
  });
});

describe('one shopper, several mails at once', () => {
  it('reach the shopper in the order they were written, other shoppers’ sent beside them', async () => {
    const shopper = 'shopper-in-order@example.com';
    const others = ['shopper-beside-1@example.com', 'shopper-beside-2@example.com'];
    const template = 'order-confirmed';
    for (const order_id of [2001, 2002, 2003])
      await enqueueOne(t.db, template, shopper, orderMailData({ order_id }));
    for (const [i, other] of others.entries())
      await enqueueOne(t.db, template, other, orderMailData({ order_id: 2101 + i }));
    // The first mail is the slowest to be accepted: sent side by side, the later ones would
    // arrive before it.
    smtp.respondAfter(1_000, /#2001 /);
    try {
      expect(await t.drainOutbox()).toEqual({ sent: 5, retried: 0, dead: 0 });
    } finally {
      smtp.respondAfter(0);
    }
    expect(received([shopper]).map((m) => m.subject)).toEqual([
      'Kitroom order #2001 is confirmed',
      'Kitroom order #2002 is confirmed',
      'Kitroom order #2003 is confirmed',
    ]);
    // The other shoppers' mails did not wait for the slow one.
    const all = smtp.mails.map((m) => m.to[0]);
    for (const other of others) expect(all.indexOf(other)).toBeLessThan(all.indexOf(shopper));
  });
});

describe('mail that cannot be rendered', () => {
  it('an unknown template or broken data is dead at once with a clear reason; the rest go', async () => {
    await t.db.execute(
      sql`INSERT INTO outbox (template, recipient, data)
          VALUES ('birthday-card', 'broken-1@example.com', '{}'::jsonb)`,
    );
    const { order_url: _gone, ...noLink } = orderMailData();
    await enqueueOne(t.db, 'order-shipped', 'broken-2@example.com', noLink);
    await enqueueOne(t.db, 'order-refunded', 'broken-3@example.com', {
      ...orderMailData(),
      extra: { refund_paise: 'lots' },
    });
    await enqueueOne(t.db, 'order-delivered', 'broken-4@example.com', orderMailData());

    expect(await t.drainOutbox()).toEqual({ sent: 1, retried: 0, dead: 3 });
    const rows = await outboxRows(t.db, 'broken-%');
    expect(rows.map((r) => [r.recipient, r.status, r.last_error])).toEqual([
      ['broken-1@example.com', 'dead', "unknown template 'birthday-card'"],
      [
        'broken-2@example.com',
        'dead',
        expect.stringMatching(/^bad data for 'order-shipped': order_url: /),
      ],
      [
        'broken-3@example.com',
        'dead',
        expect.stringMatching(
          /^bad data for 'order-refunded': extra\.refund_paise: .*; extra\.refunded_total_paise: /,
        ),
      ],
      ['broken-4@example.com', 'sent', null],
    ]);
    expect(received(['broken-4@example.com'])).toHaveLength(1);
  });
});

describe('several workers, stops and crashes', () => {
  it(`two workers on ${testDatabaseKind() === 'postgres' ? 'two connection pools' : 'one PGlite'} drain one outbox at once: each mail exactly once`, async () => {
    const recipients = await enqueueMany(t.db, 200, 'pair');
    const second =
      t.database.url === null
        ? null
        : await openDatabase({ databaseUrl: t.database.url, poolSize: 10 });
    try {
      // A slow server keeps both workers busy at the same time.
      smtp.respondAfter(3);
      const a = anotherWorker(t.db, { batchSize: 10, concurrency: 4 });
      const b = anotherWorker(second?.db ?? t.db, { batchSize: 10, concurrency: 4 });
      const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
      expect(ra.sent + rb.sent).toBe(200);
      expect(ra.sent).toBeGreaterThan(0);
      expect(rb.sent).toBeGreaterThan(0);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      smtp.respondAfter(0);
      await second?.close();
    }
    const mails = received(recipients);
    expect(mails).toHaveLength(200);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(200);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(200);
    const rows = await outboxRows(t.db, 'shopper-pair-%');
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a worker stopped mid-way hands back what it had not tried; a new one sends the rest', async () => {
    const recipients = await enqueueMany(t.db, 40, 'restart');
    smtp.respondAfter(40);
    let first: OutboxWorker | undefined;
    try {
      first = anotherWorker(t.db, { batchSize: 40, concurrency: 2 });
      first.start();
      await until(() => received(recipients).length >= 4);
      await first.stop();
    } finally {
      smtp.respondAfter(0);
    }
    // The sends in flight finished before stop() returned; nothing more arrives after it.
    const sentBefore = received(recipients).length;
    expect(sentBefore).toBeGreaterThanOrEqual(4);
    expect(sentBefore).toBeLessThan(40);
    await new Promise((r) => setTimeout(r, 200));
    expect(received(recipients)).toHaveLength(sentBefore);
    let rows = await outboxRows(t.db, 'shopper-restart-%');
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(sentBefore);
    // The rest were handed back: due now, their attempt not counted.
    const pending = rows.filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(40 - sentBefore);
    expect(pending.every((r) => r.attempts === 0 && r.due_in_s <= 0)).toBe(true);

    const next = anotherWorker();
    expect(await next.drain()).toEqual({ sent: 40 - sentBefore, retried: 0, dead: 0 });
    await next.stop();
    const mails = received(recipients);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([...recipients].sort());
    rows = await outboxRows(t.db, 'shopper-restart-%');
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });

  it('a worker that died holding a claim: another sends the mail after the lease, once', async () => {
    const [recipient] = await enqueueMany(t.db, 1, 'crash');
    // The dead worker's claim: leased, never marked.
    const [claim] = await q.claimDue(t.db, 10, LEASE_MS);
    expect(claim).toMatchObject({ recipient, attempts: 1 });
    expect(await t.drainOutbox()).toEqual({ sent: 0, retried: 0, dead: 0 });
    // The mail is due again two minutes after the claim, not ten.
    const [held] = await outboxRows(t.db, recipient);
    expect(held!.due_in_s).toBeGreaterThan(110);
    expect(held!.due_in_s).toBeLessThanOrEqual(120);

    await makeOutboxDue(t.db);
    expect(await t.drainOutbox()).toEqual({ sent: 1, retried: 0, dead: 0 });
    expect(received([recipient!])).toHaveLength(1);
    const [row] = await outboxRows(t.db, recipient);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    // Had the first worker come back, its marks would change nothing: the claim is not its own.
    expect(await q.markSent(t.db, claim!.id, 1)).toBe(false);
    expect(await q.markRetry(t.db, claim!.id, 1, 1000, 'late')).toBe(false);
    expect(await q.markDead(t.db, claim!.id, 1, 'late')).toBe(false);
    expect(await outboxRows(t.db, recipient)).toMatchObject([
      { status: 'sent', attempts: 2, last_error: null },
    ]);
  });
});

describe('the worker the app runs', () => {
  it('sends a new message within about a second of its commit, and stops with the app', async () => {
    const mail = await startSmtpCatcher();
    const app = await startTestApp(
      { SMTP_URL: mail.url, PUBLIC_URL: 'https://shop.example', STAFF_DIGEST_TIME: 'off' },
      { outboxWorker: true },
    );
    try {
      const started = Date.now();
      await enqueueOne(app.db, 'order-confirmed', 'polled@example.com', orderMailData());
      await until(() => mail.mails.length === 1, 5_000);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(mail.mails[0]).toMatchObject({
        to: ['polled@example.com'],
        subject: 'Kitroom order #41 is confirmed',
      });
      await until(async () => (await outboxRows(app.db))[0]?.status === 'sent', 2_000);
    } finally {
      await app.close();
      await mail.close();
    }
  });
});
