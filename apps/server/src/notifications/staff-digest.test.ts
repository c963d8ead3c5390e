// The staff's morning digest: who gets it, what it lists, once a day per person however many
// processes try, none on a day when nothing waits, and the worker writing it at its time.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/index.js';
import { createProduct, createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createOrder, createPaidOrder } from '../test/order-factories.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { createOutboxWorker } from '../outbox.js';
import { digestDayDue, enqueueStaffDigests } from './staff-digest.js';

let smtp: SmtpCatcher;
let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
let packer: TestStaff;
let support: TestStaff;
let gone: TestStaff;

const URL = 'https://shop.example';
const EIGHT_AM = 8 * 60;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: URL });
  owner = await createStaff(t.db, 'owner');
  manager = await createStaff(t.db, 'manager');
  packer = await createStaff(t.db, 'packer');
  support = await createStaff(t.db, 'support');
  gone = await createStaff(t.db, 'packer');
  await t.db.execute(sql`UPDATE staff SET disabled_at = now() WHERE id = ${gone.id}`);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const digestRows = (day: string) =>
  t.db
    .execute(sql`SELECT recipient FROM outbox WHERE dedupe_key LIKE ${`staff-digest:${day}:%`}`)
    .then((r) => (r as unknown as { rows: { recipient: string }[] }).rows.map((x) => x.recipient));

const digestMails = () => smtp.mails.filter((m) => m.subject.includes('waiting to ship'));

describe('when the digest is due', () => {
  it('from its time (India) until the end of that Indian day', () => {
    expect(digestDayDue(new Date('2026-12-03T02:29:59Z'), EIGHT_AM)).toBeNull();
    expect(digestDayDue(new Date('2026-12-03T02:30:00Z'), EIGHT_AM)).toBe('2026-12-03');
    expect(digestDayDue(new Date('2026-12-03T18:29:59Z'), EIGHT_AM)).toBe('2026-12-03');
    // Midnight in India: a new day, whose digest waits for 08:00.
    expect(digestDayDue(new Date('2026-12-03T18:30:00Z'), EIGHT_AM)).toBeNull();
  });
});

describe('the digest', () => {
  it('is not written on a day when no paid order waits', async () => {
    expect(await enqueueStaffDigests(t.db, URL, '2026-12-02')).toBe(0);
    expect(await digestRows('2026-12-02')).toEqual([]);
  });

  it('goes once a day to each active owner, manager and packer, listing what waits', async () => {
    const product = await createProduct(t.db, { name: 'Kerala Blasters Home Jersey 2024' });
    const user = await createUser(t.db);
    const line = (quantity: number) => [{ productId: product, size: 'M', quantity }];
    const older = await createPaidOrder(t.db, { userId: user.id, items: line(2) });
    const packed = await createPaidOrder(t.db, { userId: user.id, items: line(1) });
    const newest = await createPaidOrder(t.db, { userId: user.id, items: line(3) });
    const shipped = await createPaidOrder(t.db, { userId: user.id, items: line(1) });
    const canceled = await createPaidOrder(t.db, { userId: user.id, items: line(1) });
    await createOrder(t.db, { userId: user.id, items: line(1) });
    await t.db.execute(sql`
      UPDATE orders SET paid_at = CASE id
          WHEN ${older.id} THEN '2026-12-01T15:35:00Z'::timestamptz
          WHEN ${packed.id} THEN '2026-12-02T04:00:00Z'::timestamptz
          ELSE '2026-12-02T20:00:00Z'::timestamptz END
        WHERE id IN (${older.id}, ${packed.id}, ${newest.id}, ${shipped.id}, ${canceled.id})`);
    await t.db.execute(sql`UPDATE orders SET packed_at = now() WHERE id = ${packed.id}`);
    await t.db.execute(sql`UPDATE orders SET order_status = 'Shipped' WHERE id = ${shipped.id}`);
    await t.db.execute(sql`UPDATE orders SET order_status = 'Canceled' WHERE id = ${canceled.id}`);

    // Two processes at their digest time: one mail each, written once.
    const written = await Promise.all([
      enqueueStaffDigests(t.db, URL, '2026-12-03'),
      enqueueStaffDigests(t.db, URL, '2026-12-03'),
    ]);
    expect(written[0] + written[1]).toBe(3);
    expect(await enqueueStaffDigests(t.db, URL, '2026-12-03')).toBe(0);
    expect((await digestRows('2026-12-03')).sort()).toEqual(
      [owner.email, manager.email, packer.email].sort(),
    );

    await t.drainOutbox();
    const mails = digestMails();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(
      [owner.email, manager.email, packer.email].sort(),
    );
    for (const m of mails) {
      expect(m.subject).toBe('Kitroom: 3 orders waiting to ship — Thu, 3 Dec 2026');
      expect(m.html).toContain('href="https://shop.example/admin/orders?status=to-pack"');
      expect(m.text).toContain(
        'Open the orders in the back office: https://shop.example/admin/orders?status=to-pack',
      );
    }
    // Oldest paid first, with the items counted and the state each is in.
    const listed = mails[0]!.text.split('\n').filter((l) => l.startsWith('#'));
    expect(listed).toEqual([
      `#${older.id} · Tue, 1 Dec 2026, 9:05 pm · 2 items · To pack`,
      `#${packed.id} · Wed, 2 Dec 2026, 9:30 am · 1 item · Packed, to ship`,
      `#${newest.id} · Thu, 3 Dec 2026, 1:30 am · 3 items · To pack`,
    ]);
    expect(smtp.mails.some((m) => m.to.includes(support.email))).toBe(false);
    expect(smtp.mails.some((m) => m.to.includes(gone.email))).toBe(false);

    // The next day, another digest.
    expect(await enqueueStaffDigests(t.db, URL, '2026-12-04')).toBe(3);
    await t.drainOutbox();
    expect(digestMails()).toHaveLength(6);
  });

  it('is written by the worker when its time comes, once that day', async () => {
    let clock = new Date('2026-12-05T02:29:00Z'); // 07:59 in India
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: t.config.mailFrom,
      outboxDir: '/nonexistent',
      log: t.app.log,
    });
    const worker = createOutboxWorker({
      db: t.db,
      mailer,
      publicUrl: URL,
      log: t.app.log,
      digestAt: EIGHT_AM,
      signingKey: null,
      now: () => clock,
      pollMs: 20,
    });
    const before = digestMails().length;
    worker.start();
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(await digestRows('2026-12-05')).toEqual([]);

      clock = new Date('2026-12-05T02:30:00Z');
      const deadline = Date.now() + 10_000;
      while (digestMails().length < before + 3 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(
        digestMails()
          .slice(before)
          .map((m) => m.subject),
      ).toEqual(Array(3).fill('Kitroom: 3 orders waiting to ship — Sat, 5 Dec 2026'));
      clock = new Date('2026-12-05T12:00:00Z');
      await new Promise((r) => setTimeout(r, 200));
      expect(digestMails()).toHaveLength(before + 3);
    } finally {
      await worker.stop();
      mailer.close();
    }
  });
});
