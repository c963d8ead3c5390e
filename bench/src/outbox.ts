// The outbox's throughput: N order mails are written to the bench database's outbox in one
// statement, and the server (its own process, SMTP_URL pointing here) drains them with its
// worker to a local SMTP server (smtp-server) that only counts what it accepts. After a
// warm-up of 200 mails, reported: mails per second to the last mail accepted, and the
// server's CPU time per mail; checked: every mail arrived exactly once and is marked sent.
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { openDatabase, type Db } from '../../apps/server/src/db/client.js';
import { queryRows } from '../../apps/server/src/db/sql.js';
import type { Target } from './database.js';
import { cpuTimeMs, HOST, type Started } from './processes.js';
import type { OutboxFigures } from './results.js';

/** Mails measured in one run. */
export const OUTBOX_MAILS = 2_000;
/** Mails sent first, unmeasured, as the API scenarios warm up: a fresh process runs cold code. */
const WARMUP_MAILS = 200;
const DOMAIN = 'outbox.bench.kitroom.invalid';
const TIMEOUT_MS = 180_000;

/** What an order mail carries (OrderMailData): three lines, a coupon, a Kerala address. */
const ORDER_MAIL = {
  order_id: 0,
  name: 'Bench Shopper',
  order_url: 'http://127.0.0.1/reviewOrdersDetails/1',
  items: [
    { name: 'Kerala Blasters Home Jersey 2024', size: 'M', quantity: 2, line_paise: 259_800 },
    { name: 'India Away Jersey 2026', size: 'L', quantity: 1, line_paise: 149_900 },
    { name: 'Real Madrid Home Jersey 2026', size: 'S', quantity: 1, line_paise: 179_900 },
  ],
  subtotal_paise: 589_600,
  shipping_paise: 6_000,
  discount_paise: 20_000,
  total_paise: 575_600,
  address: 'Bench Shopper, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210',
  courier_name: null,
  tracking_id: null,
  tracking_link: null,
  expected_date: null,
  extra: {},
};

export interface MailSink {
  url: string;
  /** Epoch ms of each accepted mail, by recipient. */
  received: Map<string, number[]>;
  close(): Promise<void>;
}

/** An SMTP server that accepts every mail and notes who it was for and when. */
export async function startMailSink(): Promise<MailSink> {
  const received = new Map<string, number[]>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('end', () => {
        const now = Date.now();
        for (const r of session.envelope.rcptTo) {
          const at = received.get(r.address) ?? [];
          at.push(now);
          received.set(r.address, at);
        }
        callback();
      });
      stream.resume();
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    const listening = server.listen(0, HOST, () => {
      const address = listening.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('the mail sink has no port'));
    });
  });
  return {
    url: `smtp://${HOST}:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function withDatabase<T>(target: Target, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    pgliteDir: `${target.dataDir}/pglite`,
    poolSize: 1,
  });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Writes OUTBOX_MAILS messages into the bench database's outbox while no server runs (a
 * PGlite folder has one user at a time), then starts the server, whose worker drains them to
 * the sink, and times the drain from the first mail accepted to the last.
 */
export async function measureOutbox(
  target: Target,
  startServer: (env: Record<string, string>) => Promise<Started>,
  log: (line: string) => void,
): Promise<OutboxFigures> {
  await withDatabase(target, async (db) => {
    await db.execute(sql`DELETE FROM outbox WHERE recipient LIKE ${`%@${DOMAIN}`}`);
    await db.execute(
      sql`INSERT INTO outbox (template, recipient, data)
          SELECT 'order-confirmed', 'shopper-' || i || ${`@${DOMAIN}`},
                 jsonb_set(${JSON.stringify(ORDER_MAIL)}::jsonb, '{order_id}', to_jsonb(i))
          FROM generate_series(1, ${WARMUP_MAILS + OUTBOX_MAILS}) AS i`,
    );
  });
  const sink = await startMailSink();
  const count = () => [...sink.received.values()].reduce((n, at) => n + at.length, 0);
  let figures: Omit<OutboxFigures, 'markedSent'>;
  try {
    const server = await startServer({ SMTP_URL: sink.url, STAFF_DIGEST_TIME: 'off' });
    try {
      const total = WARMUP_MAILS + OUTBOX_MAILS;
      const deadline = Date.now() + TIMEOUT_MS;
      while (count() < WARMUP_MAILS && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const started = Date.now();
      const cpuBefore = cpuTimeMs(server.pid);
      const sentBefore = count();
      while (count() < total && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const cpuMs = cpuTimeMs(server.pid) - cpuBefore;
      const times = [...sink.received.values()].flat().sort((a, b) => a - b);
      if (times.length < total) {
        throw new Error(`${times.length} of ${total} mails arrived in ${TIMEOUT_MS / 1000} s`);
      }
      const drainMs = times[times.length - 1]! - started;
      const measured = total - sentBefore;
      figures = {
        written: total,
        mails: measured,
        drainMs,
        mailsPerSecond: Math.round(measured / Math.max(0.001, drainMs / 1000)),
        serverCpuMsPerMail: Math.round((cpuMs / measured) * 1000) / 1000,
        duplicates: [...sink.received.values()].filter((at) => at.length > 1).length,
      };
      // The marks follow each accepted mail; give the last ones a moment before stopping.
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await server.stop();
    }
  } finally {
    await sink.close();
  }
  const markedSent = await withDatabase(target, async (db) => {
    const [row] = await queryRows<{ sent: string | number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE status = 'sent') AS sent FROM outbox
          WHERE recipient LIKE ${`%@${DOMAIN}`}`,
    );
    return Number(row?.sent ?? 0);
  });
  const result: OutboxFigures = { ...figures, markedSent };
  log(
    `  outbox: ${result.mails} mails drained in ${(result.drainMs / 1000).toFixed(1)} s, ${result.mailsPerSecond} mails/s, server CPU ${result.serverCpuMsPerMail} ms/mail, ${result.duplicates} sent twice, ${result.markedSent} of ${result.written} marked sent`,
  );
  return result;
}
