// /admin/catalogue/csv (catalogue.read): the catalogue as a CSV file. Anyone who may see the
// catalogue downloads it; staff who may edit it choose a file, see the dry run (new, updated,
// unchanged, errors by row and column) with progress as the server reads it, and apply it.
import { adminEndpoints, CSV_COLUMNS, type CatalogueImportResult } from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { errorText } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { useTitle } from '@/ui/use-title';
import { countText, ImportSummary } from './import-summary';
import { progressShare, runImport, type ImportProgressLine } from './import-stream';

const PHASE_TEXT: Record<ImportProgressLine['phase'], string> = {
  reading: 'Reading',
  comparing: 'Comparing with the catalogue',
  applying: 'Applying',
};

function Progress({ line, fileSize }: { line: ImportProgressLine | null; fileSize: number }) {
  const share = line ? progressShare(line, fileSize) : 0;
  const percent = Math.round(share * 100);
  const label = line
    ? `${PHASE_TEXT[line.phase]}: ${countText(line.rows)}${line.of === null ? '' : ` of ${countText(line.of)}`} rows`
    : 'Sending the file';
  return (
    <div className="space-y-2" aria-live="polite">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-3 overflow-hidden rounded-full bg-paper ring-1 ring-line"
      >
        <div className="h-full bg-volt transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted">{label}…</p>
    </div>
  );
}

const OUTCOME_TEXT: Record<CatalogueImportResult['outcome'], string> = {
  checked: 'Checked: nothing has been changed yet.',
  applied: 'Applied: the catalogue now matches the file.',
  refused: 'Nothing was applied: the file has errors.',
  changed:
    'Nothing was applied: the catalogue changed since the check (a sale or another edit touched these products). Check the file again.',
};

export function CatalogueCsvPage() {
  useTitle('Import / export');
  const mayImport = useMay('catalogue.write');
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<ImportProgressLine | null>(null);

  const check = useMutation({
    mutationFn: (f: File) => runImport(f, 'dry-run', undefined, setProgress),
  });
  const apply = useMutation({
    mutationFn: ({ f, plan }: { f: File; plan: string }) =>
      runImport(f, 'apply', plan, setProgress),
  });
  const busy = check.isPending || apply.isPending;
  const dryRun = check.data;
  const canApply =
    file !== null &&
    dryRun?.outcome === 'checked' &&
    dryRun.creates + dryRun.updates > 0 &&
    !apply.data &&
    !busy;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null);
    setProgress(null);
    check.reset();
    apply.reset();
  }

  function startCheck() {
    if (!file) return;
    setProgress(null);
    apply.reset();
    check.mutate(file);
  }

  const shown = apply.data ?? dryRun;
  const failure = apply.error ?? check.error;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Import / export</h1>
        <p className="mt-1 max-w-3xl text-muted">
          The whole catalogue as a spreadsheet: one product per row, its sizes and stock in one cell
          (<code className="font-mono text-sm">S:5|M:10|L:0</code>), prices in rupees. Edit it in
          Excel or Google Sheets, save it as CSV UTF-8, and import it here: a check shows what would
          change before anything does.
        </p>
      </div>

      <section
        aria-labelledby="csv-export"
        className="space-y-3 rounded-2xl border border-line bg-white p-4 md:p-5"
      >
        <h2 id="csv-export" className="font-display text-xl font-bold uppercase">
          Export
        </h2>
        <p className="text-sm text-muted">
          Every product — on sale, draft and archived — with its sizes and stock as they are now.
          Leave <code className="font-mono">id</code> empty to add a product.
        </p>
        <a
          href={adminEndpoints.exportCatalogueCsv.path}
          download
          className={buttonClass('primary')}
        >
          Download products CSV
        </a>
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">The columns</summary>
          <p className="mt-2 font-mono text-xs break-words text-muted">{CSV_COLUMNS.join(', ')}</p>
        </details>
      </section>

      {mayImport && (
        <section
          aria-labelledby="csv-import"
          className="space-y-4 rounded-2xl border border-line bg-white p-4 md:p-5"
        >
          <h2 id="csv-import" className="font-display text-xl font-bold uppercase">
            Import
          </h2>
          <div className="flex flex-col gap-3 md:flex-row md:items-end">
            <div className="min-w-0 flex-1">
              <label htmlFor={inputId} className="block text-sm font-semibold">
                CSV file
              </label>
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                onChange={choose}
                disabled={busy}
                className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-paper file:px-4 file:font-semibold"
              />
            </div>
            <button
              type="button"
              className={buttonClass('ghost')}
              disabled={!file || busy}
              onClick={startCheck}
            >
              Check file
            </button>
            <button
              type="button"
              className={buttonClass('accent')}
              disabled={!canApply}
              onClick={() => file && dryRun && apply.mutate({ f: file, plan: dryRun.plan })}
            >
              Apply
            </button>
          </div>

          {busy && <Progress line={progress} fileSize={file?.size ?? 0} />}
          {failure && (
            <p role="alert" className="font-semibold text-sale">
              {errorText(failure)}
            </p>
          )}
          {shown && !busy && (
            <div className="space-y-4">
              <p
                role="status"
                className={`font-semibold ${shown.outcome === 'refused' || shown.outcome === 'changed' ? 'text-sale' : ''}`}
              >
                {OUTCOME_TEXT[shown.outcome]}
                {shown.outcome === 'checked' &&
                  shown.creates + shown.updates === 0 &&
                  ' The file matches the catalogue: there is nothing to apply.'}
              </p>
              <ImportSummary result={shown} />
            </div>
          )}
        </section>
      )}
    </div>
  );
}
