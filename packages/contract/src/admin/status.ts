// The back office's Status page (owners and managers): each check of the shop's health with
// its figure and a level — green, amber (look soon) or red (an owner alert is raised or due).
import { z } from 'zod';

export const HEALTH_LEVELS = ['green', 'amber', 'red'] as const;
export const HealthLevel = z.enum(HEALTH_LEVELS);
export type HealthLevel = z.infer<typeof HealthLevel>;

/** The owner alerts (owner_alerts.kind): each is mailed to the owners once when raised. */
export const ALERT_KINDS = ['outbox_stuck', 'webhooks_failing', 'backup_old', 'disk_low'] as const;
export const AlertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

/** The periodic jobs the server runs. */
export const SWEEP_NAMES = ['orders', 'refunds', 'outbox', 'alerts'] as const;

const Count = z.number().int().nonnegative();
const Instant = z.string();

export const StatusResponse = z.object({
  checked_at: Instant,
  version: z.string(),
  started_at: Instant,
  uptime_seconds: Count,
  outbox: z.object({
    level: HealthLevel,
    pending: Count,
    /** How long the oldest unsent mail has waited; null when none waits. */
    oldest_waiting_seconds: Count.nullable(),
  }),
  webhooks: z.object({
    level: HealthLevel,
    failures_last_hour: Count,
    failures_last_15_minutes: Count,
    successes_last_15_minutes: Count,
  }),
  sweeps: z.object({
    level: HealthLevel,
    runs: z.array(
      z.object({
        name: z.enum(SWEEP_NAMES),
        last_run_at: Instant.nullable(),
        /** The last failure's message and time; null when none failed since the start. */
        last_error: z.string().nullable(),
        last_error_at: Instant.nullable(),
      }),
    ),
  }),
  backup: z.object({
    level: HealthLevel,
    /** False when BACKUP_TIME is 'off'. */
    nightly: z.boolean(),
    latest: z.object({ taken_at: Instant, bytes: Count }).nullable(),
  }),
  disk: z.object({
    level: HealthLevel,
    /** Null when the disk under DATA_DIR could not be read. */
    free_bytes: Count.nullable(),
    total_bytes: Count.nullable(),
  }),
  database: z.object({
    level: HealthLevel,
    engine: z.enum(['postgres', 'pglite']),
    bytes: Count.nullable(),
    /**
     * Why the database cannot take writes now (a write refused for want of room a moment ago,
     * or too little disk for PGlite), as /readyz says it; null when nothing says so.
     */
    trouble: z.string().nullable(),
  }),
  /** WhatsApp order updates (decision 066): whether the Cloud API is configured. */
  whatsapp: z.object({
    configured: z.boolean(),
    /** WhatsApp messages the shop gave up on or the API reported failed, in the last day. */
    failed_last_day: Count,
  }),
  /** Alerts raised and not yet cleared, oldest first. */
  alerts: z.array(
    z.object({
      kind: AlertKind,
      raised_at: Instant,
      /** When the owners' mail went out; null while it could not be sent. */
      mailed_at: Instant.nullable(),
      detail: z.string(),
    }),
  ),
});
export type StatusResponse = z.infer<typeof StatusResponse>;
