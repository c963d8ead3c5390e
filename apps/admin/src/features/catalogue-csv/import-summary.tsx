// What a dry run (or an apply) found: counts of new, updated and unchanged products, the
// sub-categories it creates, every error by row and column, and the products that change.
import { MAX_CHANGES_SHOWN, type CatalogueImportResult } from '@kitroom/contract/admin';

/** 100000 → "1,00,000", as numbers are grouped in India. */
export function countText(n: number): string {
  const digits = String(Math.trunc(n));
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${digits.slice(-3)}`;
}

const cell = 'px-3 py-2 align-top max-md:block max-md:px-0 max-md:py-0.5';
const border = 'md:border-b md:border-line';
const head = 'border-b border-line px-3 py-2';
const rowCard =
  'max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-3';

function Count({ label, value, tone }: { label: string; value: number; tone?: 'bad' }) {
  return (
    <div className="rounded-2xl border border-line bg-white p-4">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd
        className={`mt-1 font-display text-3xl font-bold ${tone === 'bad' && value > 0 ? 'text-sale' : ''}`}
      >
        {countText(value)}
      </dd>
    </div>
  );
}

export function ImportSummary({ result }: { result: CatalogueImportResult }) {
  const shownErrors = result.errors.length;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Count label="New" value={result.creates} />
        <Count label="Updated" value={result.updates} />
        <Count label="Unchanged" value={result.unchanged} />
        <Count label="Errors" value={result.error_count} tone="bad" />
      </dl>
      <p className="text-sm text-muted">
        {countText(result.rows)} {result.rows === 1 ? 'row' : 'rows'} read;{' '}
        {countText(result.stock_changes)} stock {result.stock_changes === 1 ? 'count' : 'counts'}{' '}
        {result.outcome === 'applied'
          ? 'changed'
          : result.stock_changes === 1
            ? 'changes'
            : 'change'}{' '}
        (each a stock ledger row, reason “import”).
        {result.new_sub_categories.length > 0 &&
          ` New sub-categories: ${result.new_sub_categories.join(', ')}.`}
      </p>

      {result.error_count > 0 && (
        <section
          aria-labelledby="csv-errors"
          className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
        >
          <h2 id="csv-errors" className="font-display text-xl font-bold uppercase">
            Errors
          </h2>
          <p className="mt-1 mb-3 text-sm text-muted">
            Nothing is applied while the file has errors. Fix these rows in your spreadsheet, save
            it as CSV UTF-8 and check it again.
            {result.error_count > shownErrors &&
              ` Showing the first ${countText(shownErrors)} of ${countText(result.error_count)}.`}
          </p>
          <table className="w-full border-separate border-spacing-0 text-sm max-md:block">
            <caption className="sr-only">Errors by row and column</caption>
            <thead className="max-md:sr-only">
              <tr className="text-left text-xs tracking-wide text-muted uppercase">
                <th scope="col" className={head}>
                  Row
                </th>
                <th scope="col" className={head}>
                  Product
                </th>
                <th scope="col" className={head}>
                  Column
                </th>
                <th scope="col" className={head}>
                  Problem
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-2">
              {result.errors.map((e, i) => (
                <tr key={`${e.row}-${e.column}-${i}`} className={rowCard}>
                  <td className={`${cell} ${border} font-semibold whitespace-nowrap`}>
                    <span className="md:hidden">Row </span>
                    {e.row}
                  </td>
                  <td className={`${cell} ${border} break-words`}>
                    {e.product === '' ? '—' : e.product}
                  </td>
                  <td className={`${cell} ${border} font-mono text-xs md:text-sm`}>
                    {e.column === '' ? '—' : e.column}
                  </td>
                  <td className={`${cell} ${border}`}>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {result.changes.length > 0 && (
        <section
          aria-labelledby="csv-changes"
          className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
        >
          <h2 id="csv-changes" className="font-display text-xl font-bold uppercase">
            Changes
          </h2>
          {result.creates + result.updates > result.changes.length && (
            <p className="mt-1 text-sm text-muted">
              Showing the first {countText(MAX_CHANGES_SHOWN)} of{' '}
              {countText(result.creates + result.updates)}.
            </p>
          )}
          <table className="mt-3 w-full border-separate border-spacing-0 text-sm max-md:block">
            <caption className="sr-only">Products that change</caption>
            <thead className="max-md:sr-only">
              <tr className="text-left text-xs tracking-wide text-muted uppercase">
                <th scope="col" className={head}>
                  Row
                </th>
                <th scope="col" className={head}>
                  Product
                </th>
                <th scope="col" className={head}>
                  Change
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-2">
              {result.changes.map((c) => (
                <tr key={c.row} className={rowCard}>
                  <td className={`${cell} ${border} whitespace-nowrap text-muted`}>
                    <span className="md:hidden">Row </span>
                    {c.row}
                  </td>
                  <td className={`${cell} ${border} font-semibold`}>
                    {c.name}
                    {c.id !== null && <span className="font-normal text-muted"> · #{c.id}</span>}
                  </td>
                  <td className={`${cell} ${border}`}>
                    {c.action === 'create' ? 'New product' : c.fields.join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
