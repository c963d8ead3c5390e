// The dashboard's cash-on-delivery card (reports.read; decision 034): for a chosen month, COD's
// share of the orders placed, how many shoppers confirmed, and how many parcels came back.
import type { CodReportResponse } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callQuery, errorText } from '@/api/client';
import { formatPaise } from '@/ui/money';

/** The Indian month now, 'yyyy-mm'. */
function thisMonth(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
}

const percent = (p: number | null) => (p === null ? '—' : `${p}%`);
const orders = (n: number) =>
  `${n.toLocaleString('en-IN')} COD ${n === 1 ? 'order' : 'orders'} delivered and paid`;

function Rows({ r }: { r: CodReportResponse }) {
  const rows: [string, string, string][] = [
    ['COD share', percent(r.cod_share_percent), `${r.cod_orders} of ${r.orders} orders`],
    [
      'Confirmed',
      percent(r.confirmation_rate_percent),
      `${r.confirmed} of ${r.cod_orders}; ${r.unconfirmed_canceled} canceled unconfirmed`,
    ],
    [
      'Returned to origin',
      percent(r.rto_rate_percent),
      `${r.returned_to_origin} of ${r.shipped} shipped`,
    ],
    ['Cash collected', formatPaise(r.collected_paise), orders(r.collected)],
  ];
  return (
    <dl className="mt-3 divide-y divide-line">
      {rows.map(([term, figure, detail]) => (
        <div key={term} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
          <dt className="font-semibold">{term}</dt>
          <dd className="text-right">
            <span className="text-lg font-bold">{figure}</span>
            <span className="block text-xs text-muted">{detail}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function CodReport() {
  const [month, setMonth] = useState(thisMonth);
  const monthId = useId();
  const report = useQuery(callQuery('codReport', { query: { month } }));
  return (
    <section
      aria-labelledby={`${monthId}-h`}
      className="rounded-2xl border border-line bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${monthId}-h`} className="text-lg font-bold">
          Cash on delivery
        </h2>
        <label htmlFor={monthId} className="flex items-center gap-2 text-sm">
          Month
          <input
            id={monthId}
            type="month"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            className="min-h-11 rounded-lg border border-line px-2"
          />
        </label>
      </div>
      {report.isError ? (
        <p role="alert" className="mt-3 text-sm text-sale">
          {errorText(report.error)}
        </p>
      ) : report.data ? (
        <Rows r={report.data} />
      ) : (
        <p className="mt-3 text-sm text-muted">Loading…</p>
      )}
    </section>
  );
}
