// /admin/tax (reports.read): a month's GST as the documents issued say — invoices, credit
// notes and the net, by rate and by place of supply — the figures GSTR-3B asks, and the
// month's GSTR-1 files for the accountant, one CSV per section of the GST offline tool or all
// of them in a ZIP.
import {
  adminEndpoints,
  GSTR1_SECTION_TITLES,
  b2bSalesFileName,
  gstr1FileName,
  TaxMonth,
  type TaxAmounts,
  type TaxSummaryResponse,
} from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { callQuery, errorText } from '@/api/client';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { useTitle } from '@/ui/use-title';
import { PendingEInvoices } from './pending-e-invoices';
import { PendingEwayBills } from './pending-eway-bills';

const monthOf = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
});

/** The month it is in India now: '2026-11'. */
export function thisIndianMonth(now = new Date()): string {
  const parts = Object.fromEntries(monthOf.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}

const monthName = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  month: 'long',
  year: 'numeric',
});

/** 'November 2026'. */
function monthText(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function rateText(rateBp: number): string {
  return `${rateBp / 100}%`;
}

export function TaxPage() {
  useTitle('Tax');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month') ?? '';
  const month = TaxMonth.safeParse(asked).success ? asked : thisIndianMonth();
  const summary = useQuery(callQuery('taxSummary', { query: { month } }));
  const choose = (next: string) => {
    if (TaxMonth.safeParse(next).success) setSearch({ month: next }, { replace: true });
  };
  const data = summary.data;

  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Tax</h1>
        <p className="mt-1 max-w-2xl text-muted">
          GST on the tax invoices and credit notes issued in a month (India time), as they were
          issued, the figures GSTR-3B asks, and the month’s GSTR-1 files for the accountant.
        </p>
      </div>

      <PendingEInvoices />
      <PendingEwayBills />

      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Month"
          type="month"
          className="w-48"
          value={month}
          onChange={(e) => choose(e.target.value)}
        />
        <button
          type="button"
          className={buttonClass('ghost')}
          onClick={() => choose(shiftMonth(month, -1))}
        >
          ← {monthText(shiftMonth(month, -1))}
        </button>
        <button
          type="button"
          className={buttonClass('ghost')}
          onClick={() => choose(shiftMonth(month, 1))}
        >
          {monthText(shiftMonth(month, 1))} →
        </button>
      </div>

      {summary.error ? (
        <FormMessage text={errorText(summary.error)} />
      ) : !data ? (
        <p role="status">Loading {monthText(month)}…</p>
      ) : (
        <>
          <AmountsTable
            caption={`${monthText(month)}: documents issued`}
            rowHeader="Issued"
            rows={[
              {
                key: 'invoices',
                label: 'Tax invoices',
                ...data.invoices,
              },
              {
                key: 'notes',
                label: 'Credit notes',
                ...data.credit_notes,
              },
              { key: 'net', label: 'Net', strong: true, ...data.net },
            ]}
          />
          {data.invoices.count + data.credit_notes.count === 0 && (
            <p className="text-muted">No tax invoice or credit note was issued in this month.</p>
          )}
          <div className="grid gap-6 2xl:grid-cols-2">
            <AmountsTable
              caption="Net by rate"
              rowHeader="Rate"
              rows={data.by_rate.map((r) => ({ key: r.rate_bp, label: rateText(r.rate_bp), ...r }))}
            />
            <AmountsTable
              caption="Net by place of supply"
              rowHeader="Place of supply"
              rows={data.by_state.map((s) => ({
                key: s.state_code,
                label: `${s.state} (${s.state_code})`,
                ...s,
              }))}
            />
          </div>
          <Gstr3b net={data.net} unregistered={data.unregistered_inter_state} />
          <Gstr1Files month={month} sections={data.sections} />
        </>
      )}
    </div>
  );
}

const cell = 'px-3 py-2.5 max-md:flex max-md:justify-between max-md:gap-3 max-md:px-0 max-md:py-1';
const cardLabel = 'md:hidden text-xs font-semibold uppercase tracking-wide text-muted';
const COLUMNS = [
  ['Taxable value', 'taxable_paise'],
  ['CGST', 'cgst_paise'],
  ['SGST/UTGST', 'sgst_paise'],
  ['IGST', 'igst_paise'],
  ['Total', 'total_paise'],
] as const;

interface AmountsRow extends TaxAmounts {
  key: string | number;
  label: string;
  count?: number;
  strong?: boolean;
}

function AmountsTable({
  caption,
  rowHeader,
  rows,
}: {
  caption: string;
  rowHeader: string;
  rows: AmountsRow[];
}) {
  const counted = rows.some((r) => r.count !== undefined);
  return (
    <div className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4">
      <table className="w-full border-separate border-spacing-0 text-sm max-md:block">
        <caption className="mb-2 text-left text-base font-bold whitespace-nowrap md:px-3">
          {caption}
        </caption>
        <thead className="max-md:sr-only">
          <tr className="text-left text-xs tracking-wide text-muted uppercase">
            <th scope="col" className="border-b border-line px-3 py-2">
              {rowHeader}
            </th>
            {counted && (
              <th scope="col" className="border-b border-line px-3 py-2 text-right">
                Count
              </th>
            )}
            {COLUMNS.map(([label]) => (
              <th key={label} scope="col" className="border-b border-line px-3 py-2 text-right">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-3">
          {rows.length === 0 && (
            <tr>
              <td colSpan={7} className="px-3 py-3 text-muted">
                Nothing this month.
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr
              key={r.key}
              className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
            >
              <th
                scope="row"
                className={`${cell} text-left md:border-b md:border-line ${r.strong ? 'font-bold' : 'font-semibold'}`}
              >
                {r.label}
              </th>
              {counted && (
                <td className={`${cell} tabular-nums md:border-b md:border-line md:text-right`}>
                  <span className={cardLabel}>Count</span>
                  <span>{r.count ?? ''}</span>
                </td>
              )}
              {COLUMNS.map(([label, key]) => (
                <td
                  key={key}
                  className={`${cell} tabular-nums md:border-b md:border-line md:text-right`}
                >
                  <span className={cardLabel}>{label}</span>
                  <span className={r.strong || key === 'total_paise' ? 'font-semibold' : ''}>
                    {formatPaise(r[key])}
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What GSTR-3B asks of the month, to copy into the portal: Table 3.1(a), outward taxable
 * supplies (the net), and Table 3.2, inter-state supplies to unregistered persons by place of
 * supply.
 */
function Gstr3b({
  net,
  unregistered,
}: {
  net: TaxAmounts;
  unregistered: TaxSummaryResponse['unregistered_inter_state'];
}) {
  return (
    <section
      aria-labelledby="gstr3b-heading"
      className="space-y-4 rounded-2xl border border-line bg-white p-4 md:p-5"
    >
      <h2 id="gstr3b-heading" className="text-base font-bold">
        GSTR-3B figures
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[minmax(0,18rem)_1fr]">
        <dt className="font-semibold">3.1 (a) Outward taxable supplies</dt>
        <dd className="tabular-nums">
          Taxable value {formatPaise(net.taxable_paise)} · IGST {formatPaise(net.igst_paise)} · CGST{' '}
          {formatPaise(net.cgst_paise)} · SGST/UTGST {formatPaise(net.sgst_paise)} · Cess ₹0
        </dd>
      </dl>
      <table className="w-full text-sm">
        <caption className="mb-1 text-left font-semibold">
          3.2 Inter-state supplies to unregistered persons
        </caption>
        <thead>
          <tr className="text-left text-xs tracking-wide text-muted uppercase">
            <th scope="col" className="border-b border-line py-2 pr-3">
              Place of supply
            </th>
            <th scope="col" className="border-b border-line px-3 py-2 text-right">
              Taxable value
            </th>
            <th scope="col" className="border-b border-line py-2 pl-3 text-right">
              IGST
            </th>
          </tr>
        </thead>
        <tbody>
          {unregistered.length === 0 && (
            <tr>
              <td colSpan={3} className="py-2 text-muted">
                None this month.
              </td>
            </tr>
          )}
          {unregistered.map((u) => (
            <tr key={u.state_code}>
              <th scope="row" className="border-b border-line py-2 pr-3 text-left font-normal">
                {u.state_code}-{u.state}
              </th>
              <td className="border-b border-line px-3 py-2 text-right tabular-nums">
                {formatPaise(u.taxable_paise)}
              </td>
              <td className="border-b border-line py-2 pl-3 text-right tabular-nums">
                {formatPaise(u.igst_paise)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-muted">
        Net of the month&rsquo;s credit notes. Inward supplies and input tax credit come from your
        purchase records, not from the shop.
      </p>
    </section>
  );
}

function Gstr1Files({
  month,
  sections,
}: {
  month: string;
  sections: { section: keyof typeof GSTR1_SECTION_TITLES; rows: number }[];
}) {
  const query = (extra: Record<string, string>) => new URLSearchParams({ month, ...extra });
  return (
    <section
      aria-labelledby="gstr1"
      className="space-y-4 rounded-2xl border border-line bg-white p-4 md:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="gstr1" className="font-display text-xl font-bold uppercase">
          GSTR-1 for {monthText(month)}
        </h2>
        <a
          href={`${adminEndpoints.exportGstr1Zip.path}?${query({})}`}
          download={gstr1FileName(month)}
          className={buttonClass('primary')}
        >
          Download all (ZIP)
        </a>
      </div>
      <p className="text-sm text-muted">
        One CSV per section, in the columns of the GST offline tool’s templates. Credit notes on
        small B2C sales are netted into B2C small, so a row there can be negative.
      </p>
      <ul className="divide-y divide-line">
        {sections.map(({ section, rows }) => (
          <li key={section} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold">{GSTR1_SECTION_TITLES[section]}</p>
              <p className="text-sm text-muted">
                {rows === 0 ? 'No rows' : rows === 1 ? '1 row' : `${rows} rows`} ·{' '}
                <span className="font-mono">{gstr1FileName(month, section)}</span>
              </p>
            </div>
            <a
              href={`${adminEndpoints.exportGstr1.path}?${query({ section })}`}
              download={gstr1FileName(month, section)}
              aria-label={`Download ${gstr1FileName(month, section)}`}
              className={smallButtonClass('ghost')}
            >
              Download CSV
            </a>
          </li>
        ))}
        <li className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-semibold">B2B sales: invoices to registered wholesalers</p>
            <p className="text-sm text-muted">
              Number, date, GSTIN, legal name, place of supply, taxable value, IGST, CGST, SGST and
              total · <span className="font-mono">{b2bSalesFileName(month)}</span>
            </p>
          </div>
          <a
            href={`${adminEndpoints.exportB2bSales.path}?${query({})}`}
            download={b2bSalesFileName(month)}
            aria-label={`Download ${b2bSalesFileName(month)}`}
            className={smallButtonClass('ghost')}
          >
            Download CSV
          </a>
        </li>
      </ul>
    </section>
  );
}
