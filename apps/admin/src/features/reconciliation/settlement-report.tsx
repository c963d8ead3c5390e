// The Reconciliation page's "Settlement report" (decision 076): Razorpay's settlements for a
// day or a month, fetched from Razorpay or uploaded as the dashboard's CSV, matched against the
// orders' ledger. Reading only: the owner sees what matched, what differs (both figures), what
// only one side has, the fees Razorpay kept (GST shown apart, for input tax credit) and what
// each settlement paid into the bank.
import {
  MAX_SETTLEMENT_CSV_BYTES,
  MAX_SETTLEMENT_CSV_ROWS,
  type SettlementMatch,
  type SettlementReport,
  type SettlementStray,
  type SettlementUnit,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { call, errorText, upload } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { formatDateTime, formatDay } from '@/ui/dates';
import { controlClass, FormMessage } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { Table } from '@/ui/table';

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;
/** An Indian day (yyyy-mm-dd) some days from now. */
const indianDay = (plusDays = 0) =>
  new Date(Date.now() + IST_OFFSET_MS + plusDays * DAY_MS).toISOString().slice(0, 10);

const card = 'rounded-2xl border border-line bg-white p-5';
const cell = 'px-3 py-3 align-top max-md:block max-md:px-0 max-md:py-1';
const border = 'md:border-b md:border-line';
const rowClass =
  'max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4';

const TYPE_NAMES: Record<string, string> = {
  payment: 'Payment',
  refund: 'Refund',
  transfer: 'Transfer',
  adjustment: 'Adjustment',
};

export function SettlementReportSection() {
  const [report, setReport] = useState<SettlementReport | null>(null);
  const fetched = useMutation({
    mutationFn: (period: string) => call('fetchSettlementReport', { query: { period } }),
    onSuccess: setReport,
  });
  const uploaded = useMutation({
    mutationFn: (v: { unit: SettlementUnit; file: File }) =>
      upload('uploadSettlementReport', { unit: v.unit }, v.file),
    onSuccess: setReport,
  });
  const error = fetched.error ?? uploaded.error;
  return (
    <section aria-labelledby="settlement-report" className="space-y-4">
      <div>
        <h2 id="settlement-report" className="font-display text-2xl font-bold uppercase">
          Settlement report
        </h2>
        <p className="mt-1 max-w-2xl text-muted">
          Razorpay&rsquo;s settlements set against the orders&rsquo; money: each payment and refund
          Razorpay settled, matched to its order, the fees Razorpay kept, and what reached the bank.
          Nothing is changed.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <FetchForm
          busy={fetched.isPending}
          onFetch={(period) => {
            uploaded.reset();
            fetched.mutate(period);
          }}
        />
        <UploadForm
          busy={uploaded.isPending}
          onUpload={(unit, file) => {
            fetched.reset();
            uploaded.mutate({ unit, file });
          }}
        />
      </div>
      <FormMessage text={error ? errorText(error) : null} />
      {report && !error && <ReportView report={report} />}
    </section>
  );
}

function FetchForm({ busy, onFetch }: { busy: boolean; onFetch: (period: string) => void }) {
  const id = useId();
  const [kind, setKind] = useState<'day' | 'month'>('day');
  const [day, setDay] = useState(() => indianDay(-1));
  const [month, setMonth] = useState(() => indianDay().slice(0, 7));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onFetch(kind === 'day' ? day : month);
  };
  return (
    <form onSubmit={submit} className={`${card} space-y-4`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Fetch from Razorpay
      </h3>
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold">Settled on (Indian time)</legend>
        <div className="flex gap-5">
          {(['day', 'month'] as const).map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="accent-ink"
              />
              {k === 'day' ? 'A day' : 'A month'}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-when`} className="mb-1.5 block text-sm font-semibold">
          {kind === 'day' ? 'Day' : 'Month'}
        </label>
        {kind === 'day' ? (
          <input
            id={`${id}-when`}
            type="date"
            required
            max={indianDay()}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            className={`${controlClass} border-line`}
          />
        ) : (
          <input
            id={`${id}-when`}
            type="month"
            required
            max={indianDay().slice(0, 7)}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            className={`${controlClass} border-line`}
          />
        )}
      </div>
      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        {busy ? 'Fetching…' : 'Fetch report'}
      </button>
    </form>
  );
}

function UploadForm({
  busy,
  onUpload,
}: {
  busy: boolean;
  onUpload: (unit: SettlementUnit, file: File) => void;
}) {
  const id = useId();
  const [unit, setUnit] = useState<SettlementUnit>('rupees');
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setNote('Choose the settlement report file first.');
    if (file.size > MAX_SETTLEMENT_CSV_BYTES) {
      return setNote(`${file.name} is larger than 2 MB: download a shorter period.`);
    }
    setNote(null);
    onUpload(unit, file);
  };
  return (
    <form onSubmit={submit} className={`${card} space-y-4`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Or upload the dashboard&rsquo;s report
      </h3>
      <div>
        <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-semibold">
          Settlement report (CSV)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-limits`}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-white file:px-4 file:font-semibold"
        />
        <p id={`${id}-limits`} className="mt-1 text-xs text-muted">
          Up to 2 MB and {MAX_SETTLEMENT_CSV_ROWS.toLocaleString('en-IN')} rows, with the
          report&rsquo;s own columns.
        </p>
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold">Amounts in the file are in:</legend>
        {(
          [
            ['rupees', 'rupees (as the dashboard shows them)'],
            ['paise', 'paise (as the API gives them)'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-unit`}
              value={value}
              checked={unit === value}
              onChange={() => setUnit(value)}
              className="accent-ink"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <FormMessage text={note} />
      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        {busy ? 'Matching…' : 'Upload and match'}
      </button>
    </form>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-muted uppercase">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-muted">{note}</dd>}
    </div>
  );
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function ReportView({ report }: { report: SettlementReport }) {
  const t = report.totals;
  const source =
    report.source === 'razorpay'
      ? 'fetched from Razorpay'
      : `uploaded, amounts read as ${report.unit ?? 'rupees'}`;
  return (
    <div className="space-y-5" aria-live="polite">
      <h3 className="text-xl font-bold">
        {report.period.label} <span className="font-normal text-muted">({source})</span>
      </h3>
      {report.unit_hint && <FormMessage text={report.unit_hint} />}
      <dl className={`${card} grid grid-cols-2 gap-4 md:grid-cols-4`} aria-label="Totals">
        <Figure
          label="Matched"
          value={plural(report.matched.count, 'item')}
          note={`${formatPaise(report.matched.sum_paise)} net of refunds`}
        />
        <Figure label="Gross captured" value={formatPaise(t.gross_captured_paise)} />
        <Figure label="Refunds" value={formatPaise(t.refunds_paise)} />
        <Figure
          label="Net settled"
          value={formatPaise(t.net_settled_paise)}
          note="credits − debits"
        />
        <Figure label="Razorpay's fees" value={formatPaise(t.fees_paise)} />
        <Figure label="GST on fees" value={formatPaise(t.gst_on_fees_paise)} />
        <Figure
          label="Fees the shop paid"
          value={formatPaise(t.fees_with_gst_paise)}
          note="fees + GST; the GST is input tax credit"
        />
        <Figure label="Items in the report" value={String(report.items)} />
      </dl>

      {report.items === 0 && (
        <p role="status" className={`${card} font-semibold`}>
          Razorpay settled nothing in this period.
        </p>
      )}

      <Part
        title="Amount differs"
        count={report.differs.length}
        lead="Razorpay settled a different amount than the order's ledger holds. Open the order and compare with the Razorpay dashboard."
      >
        <Table
          caption="Items whose amount differs from the ledger"
          columns={['Order', 'Razorpay id', 'In the report', 'In the ledger', 'Difference']}
        >
          {report.differs.map((m) => (
            <tr key={m.entity_id} aria-label={m.entity_id} className={rowClass}>
              <OrderCell m={m} />
              <IdCell id={m.entity_id} type={m.type} />
              <td className={`${cell} ${border} font-semibold tabular-nums`}>
                <On phone="In the report" />
                {formatPaise(m.amount_paise)}
              </td>
              <td className={`${cell} ${border} tabular-nums`}>
                <On phone="In the ledger" />
                {formatPaise(m.ledger_paise)}
              </td>
              <td className={`${cell} ${border} font-semibold text-sale tabular-nums`}>
                <On phone="Difference" />
                {m.amount_paise > m.ledger_paise ? '+' : '−'}
                {formatPaise(Math.abs(m.amount_paise - m.ledger_paise))}
              </td>
            </tr>
          ))}
        </Table>
      </Part>

      <Part
        title="In the report, not in the ledger"
        count={report.not_in_ledger.length}
        lead="No order has these payments or refunds. Look them up on the Razorpay dashboard."
      >
        <StrayTable caption="Items not in the ledger" items={report.not_in_ledger} />
      </Part>

      <Part
        title="In the ledger, not in the report"
        count={report.not_in_report.length}
        lead="Captured or refunded through Razorpay in this period but not settled in it yet: Razorpay settles a day or two later. Anything older than a week needs a look."
      >
        <Table
          caption="Ledger entries not in the report"
          columns={['Order', 'Razorpay id', 'Amount', 'When', 'Age']}
        >
          {report.not_in_report.map((e) => (
            <tr key={e.reference} aria-label={e.reference} className={rowClass}>
              <td className={`${cell} ${border}`}>
                <Link to={`/orders/${e.order_id}`} className="font-semibold underline">
                  Order #{e.order_id}
                </Link>
              </td>
              <IdCell id={e.reference} type={e.type} />
              <td className={`${cell} ${border} tabular-nums`}>
                <On phone="Amount" />
                {formatPaise(e.amount_paise)}
              </td>
              <td className={`${cell} ${border}`}>
                <On phone="When" />
                {formatDateTime(e.at)}
              </td>
              <td className={`${cell} ${border}`}>
                <On phone="Age" />
                {e.age_days === 0 ? 'today' : `${plural(e.age_days, 'day')} old`}
              </td>
            </tr>
          ))}
        </Table>
      </Part>

      <Part
        title="Not an order's"
        count={report.not_orders.length}
        lead="Transfers and adjustments Razorpay made: they belong to no order."
      >
        <StrayTable caption="Transfers and adjustments" items={report.not_orders} />
      </Part>

      {report.settlements.length > 0 && (
        <div className="space-y-2">
          <h4 className="text-lg font-bold">Settlements</h4>
          <div className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4">
            <Table
              caption="Settlements paid into the bank"
              columns={['Settlement', 'UTR', 'Settled', 'Items', 'Credits', 'Debits', 'Net']}
            >
              {report.settlements.map((s) => (
                <tr
                  key={s.settlement_id ?? 'none'}
                  aria-label={s.settlement_id ?? 'Not settled yet'}
                  className={rowClass}
                >
                  <td className={`${cell} ${border} font-mono text-xs break-all`}>
                    {s.settlement_id ?? 'Not settled yet'}
                  </td>
                  <td className={`${cell} ${border}`}>
                    <On phone="UTR" />
                    <span className="font-mono text-xs">{s.utr ?? '—'}</span>
                  </td>
                  <td className={`${cell} ${border}`}>
                    <On phone="Settled" />
                    {s.settled_at ? formatDay(indianDayOf(s.settled_at)) : '—'}
                  </td>
                  <td className={`${cell} ${border} tabular-nums`}>
                    <On phone="Items" />
                    {s.items}
                  </td>
                  <td className={`${cell} ${border} tabular-nums`}>
                    <On phone="Credits" />
                    {formatPaise(s.credit_paise)}
                  </td>
                  <td className={`${cell} ${border} tabular-nums`}>
                    <On phone="Debits" />
                    {formatPaise(s.debit_paise)}
                  </td>
                  <td className={`${cell} ${border} font-semibold tabular-nums`}>
                    <On phone="Net" />
                    {formatPaise(s.net_paise)}
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        </div>
      )}

      {report.matched.count > 0 && (
        <details className={card}>
          <summary className="cursor-pointer font-semibold">
            Matched: {plural(report.matched.count, 'item')}, {formatPaise(report.matched.sum_paise)}
          </summary>
          <div className="mt-3">
            <Table
              caption="Items that match the ledger"
              columns={['Order', 'Razorpay id', 'Amount', 'Fee with GST']}
            >
              {report.matched.rows.map((m) => (
                <tr key={m.entity_id} aria-label={m.entity_id} className={rowClass}>
                  <OrderCell m={m} />
                  <IdCell id={m.entity_id} type={m.type} />
                  <td className={`${cell} ${border} tabular-nums`}>
                    <On phone="Amount" />
                    {formatPaise(m.amount_paise)}
                  </td>
                  <td className={`${cell} ${border} tabular-nums`}>
                    <On phone="Fee with GST" />
                    {formatPaise(m.fee_paise)}
                    {m.tax_paise > 0 && (
                      <span className="block text-xs text-muted">
                        GST {formatPaise(m.tax_paise)}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        </details>
      )}
    </div>
  );
}

/** A cell's column name, shown on a phone where the table's header is not. */
function On({ phone }: { phone: string }) {
  return <span className="font-normal text-muted md:hidden">{phone}: </span>;
}

function indianDayOf(iso: string) {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function Part({
  title,
  count,
  lead,
  children,
}: {
  title: string;
  count: number;
  lead: string;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div className="space-y-2">
      <h4 className="text-lg font-bold">
        {title} <span className="font-normal text-muted">({count})</span>
      </h4>
      <p className="max-w-2xl text-sm text-muted">{lead}</p>
      <div className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4">{children}</div>
    </div>
  );
}

function OrderCell({ m }: { m: SettlementMatch }) {
  return (
    <td className={`${cell} ${border}`}>
      <Link to={`/orders/${m.order_id}`} className="font-semibold underline">
        Order #{m.order_id}
      </Link>
    </td>
  );
}

function IdCell({ id, type }: { id: string; type: string }) {
  return (
    <td className={`${cell} ${border}`}>
      <span className="font-mono text-xs break-all">{id}</span>
      <span className="block text-muted">{TYPE_NAMES[type] ?? type}</span>
    </td>
  );
}

function StrayTable({ caption, items }: { caption: string; items: SettlementStray[] }) {
  return (
    <Table caption={caption} columns={['Razorpay id', 'Amount', 'Description', 'Settlement']}>
      {items.map((i) => (
        <tr key={i.entity_id} aria-label={i.entity_id} className={rowClass}>
          <IdCell id={i.entity_id} type={i.type} />
          <td className={`${cell} ${border} tabular-nums`}>
            <On phone="Amount" />
            {formatPaise(i.amount_paise)}
          </td>
          <td className={`${cell} ${border}`}>{i.description ?? '—'}</td>
          <td className={`${cell} ${border}`}>
            <On phone="Settlement" />
            <span className="font-mono text-xs break-all">
              {i.settlement_id ?? 'Not settled yet'}
            </span>
          </td>
        </tr>
      ))}
    </Table>
  );
}
