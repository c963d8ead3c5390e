// Delivers the outbox (OPERATIONS.md, Notifications). Every server process runs one worker;
// each claims due messages with FOR UPDATE SKIP LOCKED and leases them in the same statement,
// so two workers never hold one message. A message is rendered from its template, sent
// through the Mailer and marked sent; a failed send is retried with a growing pause for about
// a day, then the message is marked dead. A message whose data cannot be rendered is dead at
// once. The marks are fenced by the claim's attempt count: a worker whose lease ran out marks
// nothing. A crash between the mail server's "accepted" and the mark sends that one mail again
// after the lease (at least once; decision 020). A WhatsApp message (decision 066) goes the
// same way through the WhatsApp sender; a refusal that retrying cannot mend (an unknown
// template, a number not on WhatsApp) is dead at once, with the API's reason.
import type { ShopDetailsResponse } from '@kitroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { shopContactParagraphs, SHOP_NAME, SMTP_CONNECTIONS, type Mailer } from '../mail/index.js';
import { attachmentsOf, type MailAttachment, type TaxDocumentFile } from './mail-attachments.js';
import type { RenderedMail } from './mail-content.js';
import { MailDataError, type MailTemplates, type RenderContext } from './mail-template.js';
import * as q from './outbox.queries.js';
import { digestDayDue, enqueueStaffDigests } from './staff-digest.js';
import { WhatsAppSendError, type WhatsAppSender } from './whatsapp-cloud-api.js';
import { insertAccepted } from './whatsapp.queries.js';
import type { WhatsAppMessageData } from './whatsapp-templates.js';

export const OUTBOX_POLL_MS = 1_000;
/** Sends in flight at once, per worker: one per SMTP connection the mailer keeps. */
const CONCURRENCY = SMTP_CONNECTIONS;
/**
 * Claimed at once: only as many as are sent at once, so no claimed message waits in the
 * worker's hand behind others' sends, and the lease covers one send, not a queue of them.
 */
const BATCH_SIZE = CONCURRENCY;
/**
 * How long a claim holds a message: longer than one send can take (the mailer gives up after
 * 10 s to connect, 10 s for the greeting and 30 s of a silent socket), and short, because a
 * message claimed by a process that died waits this long before another process sends it.
 */
export const LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
/**
 * The longest pause between tries: once the mail server is back, a mail that failed through
 * the outage goes out within this (a cap of 30 minutes held order mails for up to half an
 * hour after a 16-minute outage).
 */
const LONGEST_RETRY_MS = 2 * 60_000;
/** A message is given up after failing for this long. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** After the worker itself fails (the database away), it waits longer, up to this. */
const LONGEST_IDLE_MS = 60_000;
const ERROR_TEXT_MAX = 500;

/** The pause after the `attempt`-th failed send: 30 s, 1 minute, then every 2 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), LONGEST_RETRY_MS);
}

/** The attempt whose failure is final: the pauses before it add up to a day (723). */
export const MAX_ATTEMPTS = (() => {
  let waited = 0;
  let attempt = 1;
  while (waited < GIVE_UP_AFTER_MS) waited += retryDelayMs(attempt++);
  return attempt;
})();

export type WorkerLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface OutboxWorkerOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: WorkerLog;
  /** Every mail the shop sends (src/outbox.ts gathers each domain's). */
  templates: MailTemplates;
  /** The shop's details as its settings say now (the footer's contact paragraphs). */
  shopDetails: (db: Db) => Promise<ShopDetailsResponse>;
  /** A tax document's PDF, for a mail that attaches one. */
  taxDocumentFile: TaxDocumentFile;
  /** WhatsApp's Cloud API; null when it is not configured (a WhatsApp message is dead). */
  whatsapp?: WhatsAppSender | null;
  /** The staff digest's time, in minutes after midnight in India; null: no digest. */
  digestAt?: number | null;
  /** The clock the digest is timed by. */
  now?: () => Date;
  pollMs?: number;
  /** Told of every poll, with its error when it failed (the health monitor counts them). */
  onRun?: (err?: unknown) => void;
  batchSize?: number;
  concurrency?: number;
  leaseMs?: number;
}

/** What one drain did. */
export interface DrainResult {
  sent: number;
  /** Failed sends that will be tried again. */
  retried: number;
  dead: number;
}

export interface OutboxWorker {
  /** Polls every pollMs (and writes the staff digest when its time comes) until stopped. */
  start(): void;
  /** Stops polling; waits for the sends in flight, and hands back claimed mail not yet tried. */
  stop(): Promise<void>;
  /** Sends every message due now, batch after batch, until none is due. */
  drain(): Promise<DrainResult>;
}

const STAFF_FOOTER = `You get this mail each morning as an owner, manager or packer of ${SHOP_NAME}.`;

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX)}…` : text;
}

/** The host of the shop's address, for Message-IDs. */
function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'kitroom.local';
  } catch {
    return 'kitroom.local';
  }
}

export function createOutboxWorker(o: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, publicUrl, log, templates } = o;
  const pollMs = o.pollMs ?? OUTBOX_POLL_MS;
  const batchSize = o.batchSize ?? BATCH_SIZE;
  const concurrency = o.concurrency ?? CONCURRENCY;
  const leaseMs = o.leaseMs ?? LEASE_MS;
  const now = o.now ?? (() => new Date());
  const host = hostOf(publicUrl);
  let stopping = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let failures = 0;
  let digestDay: string | null = null;

  /** The shop's contact paragraphs as the settings say now: read at send time. */
  async function renderContext(): Promise<RenderContext> {
    const shop = await o.shopDetails(db);
    return {
      shopName: SHOP_NAME,
      publicUrl,
      shopperFooter: shopContactParagraphs(shop),
      staffFooter: [STAFF_FOOTER],
      supportEmail: shop.email,
    };
  }

  async function failed(m: q.ClaimedRow, err: unknown, result: DrainResult): Promise<void> {
    const error = errorText(err);
    const about = { outboxId: m.id, template: m.template, attempt: m.attempts, error };
    if (m.attempts >= MAX_ATTEMPTS) {
      if (await q.markDead(db, m.id, m.attempts, error)) {
        result.dead += 1;
        log.error(about, 'mail not sent after a day of tries; marked dead');
      }
      return;
    }
    const delayMs = retryDelayMs(m.attempts);
    if (await q.markRetry(db, m.id, m.attempts, delayMs, error)) {
      result.retried += 1;
      log.warn({ ...about, retryInSeconds: delayMs / 1000 }, 'mail not sent; will retry');
    }
  }

  async function dead(m: q.ClaimedRow, error: string, result: DrainResult): Promise<void> {
    if (await q.markDead(db, m.id, m.attempts, error)) {
      result.dead += 1;
      log.error({ outboxId: m.id, template: m.template, error }, 'message not sent; marked dead');
    }
  }

  async function deliverWhatsApp(m: q.ClaimedRow, result: DrainResult): Promise<void> {
    if (!o.whatsapp) return dead(m, 'WhatsApp is not configured', result);
    let wamid: string;
    try {
      wamid = await o.whatsapp.send(m.recipient, m.template, m.data as WhatsAppMessageData);
    } catch (err) {
      if (err instanceof WhatsAppSendError && err.permanent) return dead(m, err.message, result);
      return failed(m, err, result);
    }
    const marked = await db.transaction(async (tx) => {
      if (!(await q.markSent(tx, m.id, m.attempts))) return false;
      await insertAccepted(tx, m.id, wamid);
      return true;
    });
    if (marked) result.sent += 1;
    else log.warn({ outboxId: m.id }, 'WhatsApp message sent after its claim had run out');
  }

  async function deliver(m: q.ClaimedRow, ctx: RenderContext, result: DrainResult) {
    if (m.channel === 'whatsapp') return deliverWhatsApp(m, result);
    let mail: RenderedMail;
    let attachments: MailAttachment[];
    // A database error here leaves the message to its lease, as one under a mark does.
    const stillDue = templates.get(m.template)?.stillDue;
    if (stillDue && !(await stillDue(db, m.data))) {
      if (await q.markCanceled(db, m.id, m.attempts)) {
        log.info({ outboxId: m.id, template: m.template }, 'mail no longer due; canceled');
      }
      return;
    }
    try {
      mail = templates.render(m.template, m.data, ctx);
      attachments = await attachmentsOf(db, m.data, o.taxDocumentFile);
    } catch (err) {
      const error =
        err instanceof MailDataError ? err.message : `rendering failed: ${errorText(err)}`;
      if (await q.markDead(db, m.id, m.attempts, error)) {
        result.dead += 1;
        log.error(
          { outboxId: m.id, template: m.template, error },
          'mail cannot be rendered; marked dead',
        );
      }
      return;
    }
    try {
      await mailer.send({
        to: m.recipient,
        ...mail,
        ...(attachments.length > 0 ? { attachments } : {}),
        // The same for every attempt: a mail sent again after a crash is one message to a client.
        messageId: `<outbox-${m.id}-${new Date(m.created_at).getTime()}@${host}>`,
      });
    } catch (err) {
      await failed(m, err, result);
      return;
    }
    if (await q.markSent(db, m.id, m.attempts)) result.sent += 1;
    else log.warn({ outboxId: m.id }, 'mail sent after its claim had run out');
  }

  /**
   * Claims one batch and sends it, `concurrency` recipients at a time; returns how many it
   * claimed. One recipient's messages go one after another, oldest first, so a shopper sent
   * "order confirmed" and "refunded" in one moment reads them in that order; a message that
   * fails does not hold back the next (it is tried again later, after it).
   */
  async function runBatch(ctx: RenderContext, result: DrainResult): Promise<number> {
    const claimed = await q.claimDue(db, batchSize, leaseMs);
    const byRecipient = new Map<string, typeof claimed>();
    for (const m of claimed) {
      const key = `${m.channel} ${m.recipient.toLowerCase()}`;
      const mine = byRecipient.get(key);
      if (mine) mine.push(m);
      else byRecipient.set(key, [m]);
    }
    const queue = [...byRecipient.values()];
    const lane = async () => {
      for (let mine = queue.shift(); mine; mine = queue.shift()) {
        for (const m of mine) {
          try {
            if (stopping) await q.release(db, m.id, m.attempts);
            else await deliver(m, ctx, result);
          } catch (err) {
            // The database failed under a mark: the lease brings the message back later.
            log.error({ err, outboxId: m.id }, 'outbox message left to its lease');
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane));
    return claimed.length;
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, dead: 0 };
    const ctx = await renderContext();
    while (!stopping && (await runBatch(ctx, result)) > 0);
    return result;
  }

  async function writeDigest(): Promise<void> {
    if (o.digestAt === null || o.digestAt === undefined) return;
    const day = digestDayDue(now(), o.digestAt);
    if (day === null || day === digestDay) return;
    const written = await enqueueStaffDigests(db, publicUrl, day);
    digestDay = day;
    if (written > 0) log.info({ day, mails: written }, 'staff digest written to the outbox');
  }

  function schedule(delayMs: number): void {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = (async () => {
        try {
          await writeDigest();
          await drain();
          failures = 0;
          o.onRun?.();
        } catch (err) {
          failures += 1;
          log.error({ err }, 'outbox worker failed; trying again');
          o.onRun?.(err);
        }
      })().finally(() => {
        running = null;
        const idle = Math.min(pollMs * 2 ** Math.min(failures, 10), LONGEST_IDLE_MS);
        schedule(failures > 0 ? idle : pollMs);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
    drain,
  };
}
