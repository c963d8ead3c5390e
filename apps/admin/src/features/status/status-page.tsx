// /admin/status — the shop's health for owners and managers: each check green, amber or red
// with its figure (mail outbox, webhooks, periodic jobs, last backup, disk, database),
// the app's version and uptime, and the owner alerts raised. Refreshed every 30 seconds.
import type { HealthLevel, StatusResponse } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { callQuery, errorText } from '@/api/client';
import { formatDateTime } from '@/ui/dates';
import { useTitle } from '@/ui/use-title';
import { formatBytes, formatDuration } from './status-format';

const card = 'min-w-0 rounded-2xl border p-5 md:p-6';

const LEVEL: Record<HealthLevel, { word: string; card: string; dot: string }> = {
  green: { word: 'OK', card: 'border-line bg-white', dot: 'bg-emerald-600' },
  amber: { word: 'Look soon', card: 'border-amber-300 bg-amber-50', dot: 'bg-amber-500' },
  red: { word: 'Act now', card: 'border-red-300 bg-red-50', dot: 'bg-red-600' },
};

const ALERT_TITLE: Record<StatusResponse['alerts'][number]['kind'], string> = {
  outbox_stuck: 'Mail is not going out',
  webhooks_failing: 'Webhooks keep failing',
  backup_old: 'The last backup is more than a day old',
  disk_low: 'The disk is nearly full',
};

const SWEEP_TITLE: Record<StatusResponse['sweeps']['runs'][number]['name'], string> = {
  orders: 'Unpaid orders released',
  refunds: 'Refunds retried',
  outbox: 'Mail sent from the outbox',
  alerts: 'Owner alerts checked',
};

function Check({
  id,
  title,
  level,
  figure,
  children,
}: {
  id: string;
  title: string;
  level: HealthLevel;
  figure: string;
  children?: ReactNode;
}) {
  const l = LEVEL[level];
  return (
    <section aria-labelledby={id} className={`${card} ${l.card}`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-sm font-semibold text-muted">
          {title}
        </h2>
        <span className="flex shrink-0 items-center gap-1.5 text-sm font-semibold whitespace-nowrap">
          <span aria-hidden="true" className={`size-2.5 rounded-full ${l.dot}`} />
          {l.word}
        </span>
      </div>
      <p className="mt-1 font-display text-2xl font-bold tabular-nums">{figure}</p>
      {children && <div className="mt-1 space-y-1 text-sm text-muted">{children}</div>}
    </section>
  );
}

function ago(iso: string, now: string): string {
  const seconds = (new Date(now).getTime() - new Date(iso).getTime()) / 1000;
  return `${formatDuration(seconds)} ago`;
}

function Checks({ data }: { data: StatusResponse }) {
  const { outbox, webhooks, sweeps, backup, disk, database, whatsapp } = data;
  const failed = sweeps.runs.filter((r) => r.last_error !== null);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Check
        id="check-outbox"
        title="Mail outbox"
        level={outbox.level}
        figure={`${outbox.pending.toLocaleString('en-IN')} waiting`}
      >
        <p>
          {outbox.oldest_waiting_seconds === null
            ? 'Every mail has gone out.'
            : `The oldest has waited ${formatDuration(outbox.oldest_waiting_seconds)}.`}
        </p>
      </Check>
      <Check
        id="check-webhooks"
        title="Webhooks (payments, couriers, WhatsApp)"
        level={webhooks.level}
        figure={`${webhooks.failures_last_hour.toLocaleString('en-IN')} failed in the last hour`}
      >
        <p>
          Last 15 minutes: {webhooks.failures_last_15_minutes} failed,{' '}
          {webhooks.successes_last_15_minutes} succeeded.
        </p>
      </Check>
      <Check
        id="check-backup"
        title="Last backup"
        level={backup.level}
        figure={backup.latest ? ago(backup.latest.taken_at, data.checked_at) : 'None yet'}
      >
        {backup.latest && (
          <p>
            {formatDateTime(backup.latest.taken_at)}, {formatBytes(backup.latest.bytes)}
          </p>
        )}
        {!backup.nightly && <p>Nightly backups are off (BACKUP_TIME).</p>}
      </Check>
      <Check
        id="check-disk"
        title="Disk free under DATA_DIR"
        level={disk.level}
        figure={disk.free_bytes === null ? 'Cannot be read' : formatBytes(disk.free_bytes)}
      >
        {disk.free_bytes !== null && disk.total_bytes !== null && disk.total_bytes > 0 && (
          <p>
            {Math.floor((disk.free_bytes / disk.total_bytes) * 100)}% of{' '}
            {formatBytes(disk.total_bytes)}
          </p>
        )}
      </Check>
      <Check
        id="check-database"
        title="Database"
        level={database.level}
        figure={database.engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}
      >
        {database.bytes !== null && <p>{formatBytes(database.bytes)} on disk</p>}
        {database.trouble && <p className="font-semibold">{database.trouble}</p>}
      </Check>
      <Check
        id="check-whatsapp"
        title="WhatsApp order updates"
        level={whatsapp.failed_last_day > 0 ? 'amber' : 'green'}
        figure={whatsapp.configured ? 'On' : 'Off'}
      >
        <p>
          {whatsapp.configured
            ? `${whatsapp.failed_last_day} not delivered in the last day.`
            : 'Not configured: shoppers are not offered WhatsApp updates (WHATSAPP_* settings).'}
        </p>
      </Check>
      <Check
        id="check-sweeps"
        title="Periodic jobs"
        level={sweeps.level}
        figure={failed.length === 0 ? 'No failures' : `${failed.length} with a failure`}
      >
        <ul className="space-y-1">
          {sweeps.runs.map((r) => (
            <li key={r.name}>
              <span className="font-semibold text-ink">{SWEEP_TITLE[r.name]}</span>:{' '}
              {r.last_run_at ? `last run ${ago(r.last_run_at, data.checked_at)}` : 'not run yet'}
              {r.last_error && r.last_error_at && (
                <span className="block break-words text-sale">
                  Failed {formatDateTime(r.last_error_at)}: {r.last_error}
                </span>
              )}
            </li>
          ))}
        </ul>
      </Check>
    </div>
  );
}

function Alerts({ alerts }: { alerts: StatusResponse['alerts'] }) {
  return (
    <section
      aria-labelledby="alerts"
      className={`${card} ${alerts.length > 0 ? LEVEL.red.card : LEVEL.green.card}`}
    >
      <h2 id="alerts" className="text-lg font-bold">
        Owner alerts
      </h2>
      {alerts.length === 0 ? (
        <p className="mt-1 text-sm text-muted">None raised. Owners get a mail when one is.</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {alerts.map((a) => (
            <li key={a.kind} className="text-sm">
              <p className="font-semibold">{ALERT_TITLE[a.kind]}</p>
              <p>{a.detail}</p>
              <p className="text-muted">
                Raised {formatDateTime(a.raised_at)}.{' '}
                {a.mailed_at
                  ? `Owners mailed ${formatDateTime(a.mailed_at)}.`
                  : 'The mail to the owners has not gone out yet; it is tried again every 5 minutes.'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function StatusPage() {
  useTitle('Status');
  const status = useQuery({ ...callQuery('adminStatus'), refetchInterval: 30_000 });
  const data = status.data;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Status</h1>
        {data && (
          <p className="mt-1 text-muted">
            Version {data.version}, up {formatDuration(data.uptime_seconds)} (since{' '}
            {formatDateTime(data.started_at)}). Checked {formatDateTime(data.checked_at)}.
          </p>
        )}
      </div>
      {status.isPending && <p className="text-muted">Checking the shop…</p>}
      {status.isError && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-sale">
          {errorText(status.error)}
        </p>
      )}
      {data && (
        <>
          <Alerts alerts={data.alerts} />
          <Checks data={data} />
        </>
      )}
    </div>
  );
}
