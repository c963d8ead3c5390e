// /admin/backups (owner only): the shop's backups, newest first, with their sizes and times,
// each to download and keep somewhere else; "Back up now"; and when the nightly one runs and
// how many are kept. Restoring is done on the server: npm run restore (docs/operations.md, Restore).
import { adminEndpoints, type Backup, type BackupReason } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage } from '@/ui/form-field';
import { useTitle } from '@/ui/use-title';

const REASON_TEXT: Record<BackupReason, string> = {
  manual: 'Taken by hand',
  nightly: 'Nightly',
  'before-migration': 'Before an update',
  'before-restore': 'Before a restore',
};

/** 1.2 MB, 840 kB: sizes as people read them. */
export function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

const downloadPath = (name: string) => adminEndpoints.downloadBackup.path.replace(':name', name);

export function BackupsPage() {
  useTitle('Backups');
  const queryClient = useQueryClient();
  const list = useQuery(callQuery('listBackups'));
  const backUp = useMutation({
    mutationFn: () => call('createBackup'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keyOf('listBackups') });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
  const data = list.data;
  const latest = data?.backups[0];

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Backups</h1>
          <p className="mt-1 max-w-2xl text-muted">
            Each backup holds the whole shop: products, orders, invoices, shoppers and pictures.
            Download one now and then and keep it away from this server.
          </p>
        </div>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={backUp.isPending}
          onClick={() => backUp.mutate()}
        >
          {backUp.isPending ? 'Backing up…' : 'Back up now'}
        </button>
      </div>

      <FormMessage text={backUp.isError ? errorText(backUp.error) : null} />
      <FormMessage
        tone="info"
        text={
          backUp.data
            ? `Backed up: ${backUp.data.backup.name} (${sizeText(backUp.data.backup.size_bytes)}).`
            : null
        }
      />
      <FormMessage text={list.isError ? errorText(list.error) : null} />

      {data && (
        <section
          aria-labelledby="plan"
          className="space-y-2 rounded-2xl border border-line bg-white p-4 md:p-5"
        >
          <h2 id="plan" className="font-display text-xl font-bold uppercase">
            Every night
          </h2>
          <p className="text-sm">
            {data.nightly_at
              ? `The shop backs itself up every night at ${data.nightly_at} (India time), keeping the last ${data.keep_daily} days and the last ${data.keep_weekly} weeks.`
              : 'The nightly backup is off (BACKUP_TIME=off): back up by hand.'}{' '}
            Backups taken before an update or a restore are kept until removed on the server.
          </p>
          {latest && (
            <p className="text-sm text-muted">
              Latest: {formatDateTime(latest.taken_at)} · {sizeText(latest.size_bytes)}{' '}
              <a
                href={downloadPath(latest.name)}
                download={latest.name}
                className="font-semibold text-ink underline"
              >
                Download the latest
              </a>
            </p>
          )}
        </section>
      )}

      {data && <BackupList backups={data.backups} />}
    </div>
  );
}

function BackupList({ backups }: { backups: Backup[] }) {
  if (backups.length === 0) {
    return <p className="text-muted">No backup yet. Take one now.</p>;
  }
  return (
    <section aria-labelledby="all-backups" className="space-y-3">
      <h2 id="all-backups" className="font-display text-xl font-bold uppercase">
        All backups
      </h2>
      <ul
        aria-labelledby="all-backups"
        className="divide-y divide-line rounded-2xl border border-line bg-white"
      >
        {backups.map((b) => (
          <li key={b.name} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-semibold">{formatDateTime(b.taken_at)}</p>
              <p className="text-sm text-muted">
                {REASON_TEXT[b.reason]} · {sizeText(b.size_bytes)} ·{' '}
                <span className="break-all font-mono">{b.name}</span>
              </p>
            </div>
            <a
              href={downloadPath(b.name)}
              download={b.name}
              aria-label={`Download ${b.name}`}
              className={smallButtonClass('ghost')}
            >
              Download
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
