// The clicks / orders / revenue report per affiliate and campaign code, between Indian dates.
import { formatRupees } from '@kitroom/contract';
import { ReferralReportQuery, type ReferralReportLine } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callQuery, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';

const cell = 'px-3 py-2.5 max-md:flex max-md:justify-between max-md:gap-3 max-md:px-0 max-md:py-1';
const cardLabel = 'md:hidden text-xs font-semibold uppercase tracking-wide text-muted';
const NUMBERS = ['Clicks', 'Orders', 'Paid orders', 'Paid revenue'] as const;

interface Dates {
  from: string;
  to: string;
}

/** The dates given; an empty one is left out. */
const rangeOf = (d: Dates) => ({
  ...(d.from ? { from: d.from } : {}),
  ...(d.to ? { to: d.to } : {}),
});

export function ReferralReport() {
  const form = useRequestForm(ReferralReportQuery, {
    defaultValues: { from: '', to: '' },
    toRequest: rangeOf,
  });
  const { errors } = form.formState;
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const report = useQuery(callQuery('referralReport', { query: range }));

  const data = report.data;
  return (
    <section aria-labelledby="report" className="space-y-4">
      <h2 id="report" className="text-xl font-bold">
        Clicks, orders and revenue
      </h2>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(setRange)(event)}
        aria-label="Report dates"
        className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-white p-4 md:grid-cols-[11rem_11rem_auto_auto_1fr] md:items-start md:gap-4 md:p-5"
      >
        <TextField
          label="From"
          type="date"
          {...form.register('from')}
          error={errors.from?.message}
        />
        <TextField label="To" type="date" {...form.register('to')} error={errors.to?.message} />
        <button type="submit" className={buttonClass('primary', 'md:mt-7')}>
          Show
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'md:mt-7')}
          onClick={() => {
            form.reset();
            setRange({});
          }}
        >
          All time
        </button>
      </form>
      {report.error ? (
        <FormMessage text={errorText(report.error)} />
      ) : !data ? (
        <p role="status">Loading the report…</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {data.from || data.to
              ? `Clicks and orders from ${data.from ?? 'the start'} to ${data.to ?? 'today'} (India time).`
              : 'All clicks and orders so far.'}{' '}
            A browser’s repeat clicks within the counting window count once. Clicks on unknown or
            inactive codes: {data.invalid_clicks}.
          </p>
          <ReportTable caption="Affiliates" lines={data.affiliates} />
          <ReportTable caption="Campaign codes" lines={data.campaigns} />
        </>
      )}
    </section>
  );
}

function ReportTable({ caption, lines }: { caption: string; lines: ReferralReportLine[] }) {
  return (
    <div className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4">
      <table className="w-full border-separate border-spacing-0 text-sm max-md:block">
        <caption className="mb-2 text-left text-base font-bold whitespace-nowrap md:px-3">
          {caption}
        </caption>
        <thead className="max-md:sr-only">
          <tr className="text-left text-xs tracking-wide text-muted uppercase">
            <th scope="col" className="border-b border-line px-3 py-2">
              Code
            </th>
            {NUMBERS.map((h) => (
              <th key={h} scope="col" className="border-b border-line px-3 py-2 text-right">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-3">
          {lines.length === 0 && (
            <tr>
              <td colSpan={5} className="px-3 py-3 text-muted">
                None yet.
              </td>
            </tr>
          )}
          {lines.map((l) => (
            <tr
              key={l.code}
              className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
            >
              <td className={`${cell} md:border-b md:border-line`}>
                <span>
                  <span className="font-mono font-bold">{l.code}</span>
                  <span className="block text-muted">
                    {l.name}
                    {!l.active && ' · inactive'}
                  </span>
                </span>
              </td>
              {[l.clicks, l.orders, l.paid_orders, formatRupees(l.paid_revenue)].map((v, i) => (
                <td
                  key={NUMBERS[i]}
                  className={`${cell} md:border-b md:border-line md:text-right tabular-nums`}
                >
                  <span className={cardLabel}>{NUMBERS[i]}</span>
                  <span className={i === 3 ? 'font-semibold' : ''}>{v}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
