// The shop's health, read now: the figures behind /metrics, the Status page and the owner
// alerts, and the rules that turn them green, amber or red. One set of thresholds for all
// three, so the panel is red exactly when an alert is due (docs/operations.md, Alerts).
import {
  ALERT_KINDS,
  SWEEP_NAMES,
  type AlertKind,
  type HealthLevel,
  type StatusResponse,
} from '@kitroom/contract/admin';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { failedLastDay } from '../notifications/index.js';
import { diskSpace, type DiskSpace, type StatFs } from '../ops/index.js';
import type { HealthMonitor, WebhookTally } from './health-monitor.js';
import * as q from './health.queries.js';
import { latestBackup, type BackupInfo } from './latest-backup.js';
import { writeTrouble } from './readiness.js';
import { APP_VERSION } from './version.js';

const MINUTE = 60_000;
const GIB = 1024 ** 3;

/** The owner alerts' thresholds (webhooks: per provider). */
export const OUTBOX_STUCK_MS = 15 * MINUTE;
export const WEBHOOK_WINDOW_MS = 15 * MINUTE;
export const WEBHOOK_FAILURES = 5;
export const BACKUP_MAX_AGE_MS = 24 * 60 * MINUTE;
export const DISK_LOW_FRACTION = 0.05;
export const DISK_LOW_BYTES = GIB;
/** Amber before red: a look soon, no mail. */
const OUTBOX_SLOW_MS = 2 * MINUTE;
const DISK_TIGHT_FRACTION = 0.1;
const DISK_TIGHT_BYTES = 5 * GIB;

export interface HealthContext {
  config: Config;
  database: Database;
  monitor: HealthMonitor;
  /** Tests hand in their own disk and backups. */
  statfs?: StatFs;
  latestBackup?: (dataDir: string) => Promise<BackupInfo | null>;
}

/** What is measured, at one instant. */
export interface Readings {
  at: Date;
  outbox: q.OutboxBacklog;
  webhooks15: WebhookTally;
  webhooksHour: WebhookTally;
  backup: BackupInfo | null;
  shopStartedAt: Date | null;
  disk: DiskSpace | null;
}

export async function takeReadings(ctx: HealthContext, at: Date): Promise<Readings> {
  const { db } = ctx.database;
  const [outbox, backup, shopStartedAt, disk] = await Promise.all([
    q.outboxBacklog(db),
    (ctx.latestBackup ?? latestBackup)(ctx.config.dataDir),
    q.shopStartedAt(db),
    diskSpace(ctx.config.dataDir, ctx.statfs),
  ]);
  return {
    at,
    outbox,
    webhooks15: ctx.monitor.webhooksSince(new Date(at.getTime() - WEBHOOK_WINDOW_MS)),
    webhooksHour: ctx.monitor.webhooksSince(new Date(at.getTime() - 60 * MINUTE)),
    backup,
    shopStartedAt,
    disk,
  };
}

/** Milliseconds the oldest unsent mail has waited; null when none waits. */
export function outboxWaitMs(r: Readings): number | null {
  return r.outbox.oldestCreatedAt
    ? Math.max(0, r.at.getTime() - r.outbox.oldestCreatedAt.getTime())
    : null;
}

function minutesText(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.floor(minutes / 60)} hours`;
}

function gibText(bytes: number): string {
  return `${(bytes / GIB).toFixed(1)} GiB`;
}

/**
 * The alerts due now, each with the sentence its mail and the panel show; an alert absent
 * from the response is not due (and is cleared if raised).
 */
export function alertsDue(r: Readings, config: Config): Map<AlertKind, string> {
  const due = new Map<AlertKind, string>();
  const wait = outboxWaitMs(r);
  if (wait !== null && wait > OUTBOX_STUCK_MS) {
    due.set(
      'outbox_stuck',
      `The oldest unsent mail has waited ${minutesText(wait)}; ${r.outbox.pending} ${r.outbox.pending === 1 ? 'mail is' : 'mails are'} waiting.`,
    );
  }
  const failing = [...r.webhooks15.byProvider].filter(
    ([, t]) => t.failures >= WEBHOOK_FAILURES && t.successes === 0,
  );
  if (failing.length > 0) {
    due.set(
      'webhooks_failing',
      failing
        .map(
          ([provider, t]) =>
            `${t.failures} ${provider} webhook deliveries failed in the last 15 minutes and none succeeded.`,
        )
        .join(' '),
    );
  }
  if (config.backups.at !== null) {
    const since = r.backup?.takenAt ?? r.shopStartedAt;
    if (since && r.at.getTime() - since.getTime() > BACKUP_MAX_AGE_MS) {
      due.set(
        'backup_old',
        r.backup
          ? `The last backup was taken ${minutesText(r.at.getTime() - r.backup.takenAt.getTime())} ago.`
          : 'No backup has been taken, and the shop is more than a day old.',
      );
    }
  }
  if (r.disk && isDiskLow(r.disk)) {
    due.set(
      'disk_low',
      `${gibText(r.disk.freeBytes)} free of ${gibText(r.disk.totalBytes)} on the disk that holds DATA_DIR.`,
    );
  }
  return due;
}

function freeFraction(d: DiskSpace): number {
  return d.totalBytes > 0 ? d.freeBytes / d.totalBytes : 0;
}

function isDiskLow(d: DiskSpace): boolean {
  return freeFraction(d) < DISK_LOW_FRACTION || d.freeBytes < DISK_LOW_BYTES;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The Status page: every check with its figure and level, and the alerts raised. */
export async function statusReport(ctx: HealthContext, at = new Date()): Promise<StatusResponse> {
  const { db } = ctx.database;
  const [r, bytes, rows, trouble, whatsappFailed] = await Promise.all([
    takeReadings(ctx, at),
    q.databaseBytes(db).catch(() => null),
    q.alertRows(db),
    writeTrouble(ctx, at),
    failedLastDay(db, at),
  ]);
  const due = alertsDue(r, ctx.config);
  const raised = rows.flatMap((a) => {
    const kind = ALERT_KINDS.find((k) => k === a.kind);
    return kind && a.raised_at !== null && a.cleared_at === null
      ? [{ ...a, kind, raised_at: a.raised_at }]
      : [];
  });
  const red = (kind: AlertKind) => due.has(kind) || raised.some((a) => a.kind === kind);
  const level = (kind: AlertKind, amber: boolean): HealthLevel =>
    red(kind) ? 'red' : amber ? 'amber' : 'green';

  const wait = outboxWaitMs(r);
  const sweeps = ctx.monitor.sweeps();
  const runs = SWEEP_NAMES.map((name) => ({
    name,
    last_run_at: iso(sweeps[name].lastRunAt),
    last_error: sweeps[name].lastError,
    last_error_at: iso(sweeps[name].lastErrorAt),
  }));
  const lastRunFailed = SWEEP_NAMES.some((name) => {
    const s = sweeps[name];
    return s.lastErrorAt !== null && s.lastErrorAt.getTime() === s.lastRunAt?.getTime();
  });
  const nightly = ctx.config.backups.at !== null;
  const disk = r.disk;
  return {
    checked_at: at.toISOString(),
    version: APP_VERSION,
    started_at: ctx.monitor.startedAt.toISOString(),
    uptime_seconds: Math.max(
      0,
      Math.floor((at.getTime() - ctx.monitor.startedAt.getTime()) / 1000),
    ),
    outbox: {
      level: level('outbox_stuck', wait !== null && wait > OUTBOX_SLOW_MS),
      pending: r.outbox.pending,
      oldest_waiting_seconds: wait === null ? null : Math.floor(wait / 1000),
    },
    webhooks: {
      level: level('webhooks_failing', r.webhooksHour.failures > 0),
      failures_last_hour: r.webhooksHour.failures,
      failures_last_15_minutes: r.webhooks15.failures,
      successes_last_15_minutes: r.webhooks15.successes,
    },
    sweeps: { level: lastRunFailed ? 'amber' : 'green', runs },
    backup: {
      level: level('backup_old', !nightly || r.backup === null),
      nightly,
      latest: r.backup ? { taken_at: r.backup.takenAt.toISOString(), bytes: r.backup.bytes } : null,
    },
    disk: {
      level: level(
        'disk_low',
        disk === null ||
          freeFraction(disk) < DISK_TIGHT_FRACTION ||
          disk.freeBytes < DISK_TIGHT_BYTES,
      ),
      free_bytes: disk?.freeBytes ?? null,
      total_bytes: disk?.totalBytes ?? null,
    },
    // Red while the database refuses writes (orders fail), as /readyz says.
    database: { level: trouble ? 'red' : 'green', engine: ctx.database.kind, bytes, trouble },
    whatsapp: { configured: ctx.config.whatsapp !== null, failed_last_day: whatsappFailed },
    alerts: raised
      .sort((a, b) => a.raised_at.getTime() - b.raised_at.getTime())
      .map((a) => ({
        kind: a.kind,
        raised_at: a.raised_at.toISOString(),
        mailed_at: iso(a.mailed_at),
        detail: a.detail,
      })),
  };
}
