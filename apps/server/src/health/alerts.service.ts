// The owner alerts: once a minute one process (an advisory lock) reads the shop's health,
// raises the alerts that are due and clears those that are not (owner_alerts), and mails each
// raised alert to the owners once. The mail goes straight through the mailer, not the outbox:
// the outbox being stuck is one of the alerts. A failed mail is tried again a few times now,
// then on a later check (mailed_at is written only once a mail went out; decision 036).
import type { AlertKind } from '@kitroom/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import { htmlMail, SHOP_NAME, type Mailer } from '../mail/index.js';
import { alertsDue, takeReadings, type HealthContext } from './health.service.js';
import * as q from './health.queries.js';

export const ALERT_CHECK_INTERVAL_MS = 60_000;
/** A mail that failed is tried again by a later check after this long. */
export const ALERT_MAIL_LEASE_MS = 5 * 60_000;
/** Pauses between the tries of one alert mail within a check. */
const MAIL_RETRY_PAUSES_MS = [2_000, 10_000];

export interface AlertContext extends HealthContext {
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Waits between mail tries (tests do not wait). */
  sleep?: (ms: number) => Promise<void>;
}

export interface AlertCheck {
  /** False when another process held the check. */
  checked: boolean;
  raised: AlertKind[];
  cleared: AlertKind[];
  mailed: AlertKind[];
  /** Alert mails that could not be sent this time. */
  unsent: AlertKind[];
}

const TITLES: Record<AlertKind, string> = {
  outbox_stuck: 'mail is not going out',
  webhooks_failing: 'webhooks keep failing',
  backup_old: 'the last backup is more than a day old',
  disk_low: 'the disk is nearly full',
};

const ADVICE: Record<AlertKind, string> = {
  outbox_stuck:
    "Shoppers' order mails and sign-in codes are waiting. Check that the mail server (SMTP_URL) accepts mail, its password and its sending limits; the server's log says what the mail server replied.",
  webhooks_failing:
    "Payments may stay unpaid, or parcels' tracking stop, while a provider's webhooks fail. Check that the webhook secret or token in the provider's dashboard matches the server's (RAZORPAY_WEBHOOK_SECRET, SHIPROCKET_WEBHOOK_TOKEN), and the server's log for the refusals.",
  backup_old:
    'Check that the nightly backup runs (BACKUP_TIME) and that DATA_DIR/backups can be written; take one now with npm run backup.',
  disk_low:
    'Free space on the disk that holds DATA_DIR: remove old backups or logs, or move DATA_DIR to a larger disk, before the database cannot write.',
};

function alertMail(kind: AlertKind, detail: string, publicUrl: string) {
  const subject = `${SHOP_NAME} alert: ${TITLES[kind]}`;
  const paragraphs = [
    `${SHOP_NAME} alert: ${TITLES[kind]}.`,
    detail,
    ADVICE[kind],
    `The Status page shows the shop's health now: ${publicUrl}/admin/status`,
    'You get this mail once per alert, as an owner of the shop.',
  ];
  return { subject, text: paragraphs.join('\n\n'), html: htmlMail(paragraphs) };
}

const isAlertKind = (kind: string): kind is AlertKind => kind in TITLES;

/** One check at `now`: raise, clear and mail. */
export async function checkAlerts(ctx: AlertContext, now = new Date()): Promise<AlertCheck> {
  const result: AlertCheck = { checked: false, raised: [], cleared: [], mailed: [], unsent: [] };
  const due = alertsDue(await takeReadings(ctx, now), ctx.config);
  const { db } = ctx.database;
  const claimed = await db.transaction(async (tx) => {
    if (!(await q.tryAlertLock(tx))) return null;
    const rows = await q.alertRows(tx);
    const isRaised = (kind: string) =>
      rows.some((r) => r.kind === kind && r.raised_at !== null && r.cleared_at === null);
    for (const [kind, detail] of due) {
      if (isRaised(kind)) continue;
      await q.raiseAlert(tx, kind, detail, now);
      result.raised.push(kind);
    }
    for (const row of rows) {
      if (!isAlertKind(row.kind) || due.has(row.kind) || !isRaised(row.kind)) continue;
      await q.clearAlert(tx, row.kind, now);
      result.cleared.push(row.kind);
    }
    return q.claimAlertMails(tx, now, ALERT_MAIL_LEASE_MS);
  });
  if (claimed === null) return result;
  result.checked = true;
  for (const r of result.raised)
    ctx.log.warn({ alert: r, detail: due.get(r) }, 'owner alert raised');
  for (const c of result.cleared) ctx.log.info({ alert: c }, 'owner alert cleared');
  if (claimed.length === 0) return result;
  const owners = await q.ownerEmails(db);
  for (const alert of claimed) {
    if (!isAlertKind(alert.kind) || alert.raised_at === null) continue;
    if (await mailOwners(ctx, owners, alert.kind, alert.detail)) {
      await q.markAlertMailed(db, alert.kind, alert.raised_at, now);
      result.mailed.push(alert.kind);
    } else {
      result.unsent.push(alert.kind);
    }
  }
  return result;
}

/** Sends the alert to every owner, with a few tries; true once each has been sent. */
async function mailOwners(
  ctx: AlertContext,
  owners: string[],
  kind: AlertKind,
  detail: string,
): Promise<boolean> {
  if (owners.length === 0) {
    ctx.log.warn({ alert: kind }, 'no owner to mail the alert to');
    return false;
  }
  const mail = alertMail(kind, detail, ctx.publicUrl);
  const sleep = ctx.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const waiting = new Set(owners);
  for (let attempt = 0; ; attempt++) {
    for (const to of [...waiting]) {
      try {
        await ctx.mailer.send({ to, ...mail });
        waiting.delete(to);
      } catch (err) {
        ctx.log.warn({ err, alert: kind, attempt: attempt + 1 }, 'alert mail not sent');
      }
    }
    if (waiting.size === 0) return true;
    const pause = MAIL_RETRY_PAUSES_MS[attempt];
    if (pause === undefined) return false;
    await sleep(pause);
  }
}

export interface AlertChecker {
  stop(): Promise<void>;
}

/**
 * Runs checkAlerts every interval until stopped (one check at a time); the first a whole
 * interval after the start, when the jobs it watches have had their first runs.
 */
export function startAlertChecker(ctx: AlertContext, intervalMs: number): AlertChecker {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        await checkAlerts(ctx);
        ctx.monitor.sweepRan('alerts');
      } catch (err) {
        ctx.monitor.sweepRan('alerts', err);
        ctx.log.error({ err }, 'owner alert check failed');
      }
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
