// The dashboard's cart reminders card (reports.read; decision 065): for a chosen month, the
// reminders mailed, the carts recovered (a paid order by that shopper within 7 days of the
// mail), the money those orders kept on the order ledger, and the reminders' coupons used.
import { RECOVERY_WINDOW_DAYS, type RecoveryReportResponse } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callQuery, errorText } from '@/api/client';
import { formatPaise } from '@/ui/money';

/** The Indian month now, 'yyyy-mm'. */
function thisMonth(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
}

function Rows({ r }: { r: RecoveryReportResponse }) {
  const rows: [string, string, string][] = [
    [
      'Reminders sent',
      r.sent.toLocaleString('en-IN'),
      `${r.canceled.toLocaleString('en-IN')} held back: the shopper ordered or unsubscribed first`,
    ],
    [
      'Carts recovered',
      r.recovered.toLocaleString('en-IN'),
      `A paid order within ${RECOVERY_WINDOW_DAYS} days of the reminder`,
    ],
    ['Revenue recovered', formatPaise(r.revenue_paise), 'Paid in, less refunds (order ledger)'],
    ['Coupons used', r.coupons_used.toLocaleString('en-IN'), 'Reminders whose coupon was used'],
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

export function CartRemindersReport() {
  const [month, setMonth] = useState(thisMonth);
  const monthId = useId();
  const report = useQuery(callQuery('recoveryReport', { query: { month } }));
  return (
    <section
      aria-labelledby={`${monthId}-h`}
      className="rounded-2xl border border-line bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${monthId}-h`} className="text-lg font-bold">
          Cart reminders
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
