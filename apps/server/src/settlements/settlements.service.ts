// Razorpay's settlement report matched against the orders' money ledger (issue 39; decisions
// 061 and 076). The rule, once:
//   - a `payment` item matches the ledger's captured Razorpay payment with that payment id
//     (pay_…), a `refund` item the ledger's Razorpay refund with that refund id (rfnd_…); it
//     is matched when the amounts are equal to the paisa, and differs otherwise (both shown);
//     an item whose id the ledger lacks is "in the report, not in the ledger";
//   - a `transfer` or `adjustment` item is no order's: listed, not matched;
//   - a Razorpay payment captured, or refund made, within the period's Indian days that the
//     report does not list is "in the ledger, not in the report": not settled in this period
//     (yet), shown with its age;
//   - the totals are the report's own: payments captured, refunds, Razorpay's fees (the fee
//     column includes the GST on it; tax is that GST) and, per settlement, credits − debits,
//     which is what reached the bank.
// Matching reads only: no order, payment, refund or ledger entry changes, and nothing is kept
// but the audit log's line of who matched which period and what came of it.
import type {
  SettlementMatch,
  SettlementReport,
  SettlementStray,
  SettlementTransfer,
  SettlementUnit,
} from '@kitroom/contract/admin';
import type { Queryable } from '../db/index.js';
import { Conflict, Invalid, ProviderFailed } from '../domain-errors.js';
import { indianDayOf, indianMidnight } from '../indian-days.js';
import {
  NoSettlements,
  PaymentProviderError,
  type PaymentProvider,
  type SettlementItem,
} from '../payments/index.js';
import { record, type Actor } from '../staff/index.js';
import { readSettlementCsv } from './settlement-csv.js';
import * as q from './settlements.queries.js';

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const PAISE_HINT = 'The amounts look like paise: upload it again choosing paise.';
export const RUPEES_HINT = 'The amounts look like rupees: upload it again choosing rupees.';

/** A period the owner picked: its Indian days (both included) and its name. */
export interface Period {
  from: string;
  to: string;
  label: string;
  year: number;
  month: number;
  day?: number;
}

function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** 'yyyy-mm-dd' or 'yyyy-mm' as a period; a day that does not exist or has not come is refused. */
export function periodOf(text: string, now = new Date()): Period {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number?];
  const first = day ?? 1;
  const date = new Date(Date.UTC(year, month - 1, first));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== first) {
    throw new Invalid(`period: ${text} is not a day of the calendar.`);
  }
  const from = `${text.slice(0, 7)}-${String(first).padStart(2, '0')}`;
  if (from > indianDayOf(now)) {
    throw new Invalid(`period: ${text} has not come yet, so nothing was settled in it.`);
  }
  if (day !== undefined) return { from, to: from, label: dayLabel(from), year, month, day };
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const to = `${text}-${String(last).padStart(2, '0')}`;
  return { from, to, label: `${MONTHS[month - 1]} ${year}`, year, month };
}

/** The Indian days an uploaded file's items were made in. */
function periodOfItems(items: readonly SettlementItem[]): Omit<Period, 'year' | 'month'> {
  const days = items.map((i) => indianDayOf(i.createdAt)).sort();
  const from = days[0]!;
  const to = days.at(-1)!;
  return { from, to, label: from === to ? dayLabel(from) : `${dayLabel(from)} – ${dayLabel(to)}` };
}

/** The hint when every amount that differs does so by exactly ×100 (or ÷100), and none match. */
function unitHint(differs: readonly SettlementMatch[], matched: number): string | null {
  if (differs.length === 0 || matched > 0) return null;
  if (differs.every((d) => d.amount_paise === d.ledger_paise * 100)) return PAISE_HINT;
  if (differs.every((d) => d.amount_paise * 100 === d.ledger_paise)) return RUPEES_HINT;
  return null;
}

/** Matches the report's items against the ledger (the rule above). */
export async function matchItems(
  db: Queryable,
  items: readonly SettlementItem[],
  meta: {
    source: 'razorpay' | 'upload';
    period: Omit<Period, 'year' | 'month'>;
    unit: SettlementUnit | null;
  },
  now = new Date(),
): Promise<SettlementReport> {
  const orderItems = items.filter((i) => i.type === 'payment' || i.type === 'refund');
  const entries = await q.entriesByReference(db, [...new Set(orderItems.map((i) => i.entityId))]);
  const ledger = new Map(entries.map((e) => [`${e.kind}:${e.reference}`, e]));
  const matched: SettlementMatch[] = [];
  const differs: SettlementMatch[] = [];
  const notInLedger: SettlementStray[] = [];
  const notOrders: SettlementStray[] = [];
  const stray = (i: SettlementItem): SettlementStray => ({
    entity_id: i.entityId,
    type: i.type,
    amount_paise: i.amountPaise,
    description: i.description,
    settlement_id: i.settlementId,
  });
  for (const i of items) {
    if (i.type !== 'payment' && i.type !== 'refund') {
      notOrders.push(stray(i));
      continue;
    }
    const entry = ledger.get(`${i.type === 'payment' ? 'captured' : 'refund'}:${i.entityId}`);
    if (!entry) {
      notInLedger.push(stray(i));
      continue;
    }
    const match: SettlementMatch = {
      entity_id: i.entityId,
      type: i.type,
      order_id: entry.order_id,
      amount_paise: i.amountPaise,
      ledger_paise: entry.amount_paise,
      fee_paise: i.feePaise,
      tax_paise: i.taxPaise,
      settlement_id: i.settlementId,
    };
    (entry.amount_paise === i.amountPaise ? matched : differs).push(match);
  }

  const listed = new Set(items.map((i) => i.entityId));
  const window = await q.entriesBetween(
    db,
    indianMidnight(meta.period.from),
    indianMidnight(meta.period.to, 1),
  );
  const notInReport = window
    .filter((e) => !listed.has(e.reference))
    .map((e) => ({
      order_id: e.order_id,
      type: e.kind === 'captured' ? ('payment' as const) : ('refund' as const),
      reference: e.reference,
      amount_paise: e.amount_paise,
      at: new Date(e.at).toISOString(),
      age_days: Math.max(0, Math.floor((now.getTime() - new Date(e.at).getTime()) / DAY_MS)),
    }));

  const sum = (list: readonly SettlementItem[], f: (i: SettlementItem) => number) =>
    list.reduce((s, i) => s + f(i), 0);
  const feesWithGst = sum(items, (i) => i.feePaise);
  const gst = sum(items, (i) => i.taxPaise);
  const credits = sum(items, (i) => i.creditPaise);
  const debits = sum(items, (i) => i.debitPaise);

  const bySettlement = new Map<string | null, SettlementItem[]>();
  for (const i of items)
    bySettlement.set(i.settlementId, [...(bySettlement.get(i.settlementId) ?? []), i]);
  const settlements: SettlementTransfer[] = [...bySettlement.entries()]
    .map(([id, list]) => {
      const settled = list.map((i) => i.settledAt).filter((d): d is Date => d !== null);
      const credit = sum(list, (i) => i.creditPaise);
      const debit = sum(list, (i) => i.debitPaise);
      return {
        settlement_id: id,
        utr: list.find((i) => i.settlementUtr)?.settlementUtr ?? null,
        settled_at: settled.length
          ? new Date(Math.min(...settled.map((d) => d.getTime()))).toISOString()
          : null,
        items: list.length,
        credit_paise: credit,
        debit_paise: debit,
        net_paise: credit - debit,
      };
    })
    .sort((a, b) => (a.settled_at ?? '9').localeCompare(b.settled_at ?? '9'));

  return {
    source: meta.source,
    period: { from: meta.period.from, to: meta.period.to, label: meta.period.label },
    unit: meta.unit,
    items: items.length,
    matched: {
      count: matched.length,
      sum_paise: matched.reduce((s, m) => s + (m.type === 'payment' ? 1 : -1) * m.amount_paise, 0),
      rows: matched,
    },
    differs,
    not_in_ledger: notInLedger,
    not_orders: notOrders,
    not_in_report: notInReport,
    unit_hint: meta.source === 'upload' ? unitHint(differs, matched.length) : null,
    totals: {
      gross_captured_paise: sum(
        items.filter((i) => i.type === 'payment'),
        (i) => i.amountPaise,
      ),
      refunds_paise: sum(
        items.filter((i) => i.type === 'refund'),
        (i) => i.amountPaise,
      ),
      fees_paise: feesWithGst - gst,
      gst_on_fees_paise: gst,
      fees_with_gst_paise: feesWithGst,
      credits_paise: credits,
      debits_paise: debits,
      net_settled_paise: credits - debits,
    },
    settlements,
  };
}

/** What the audit log keeps of a match: the period and the counts, no amounts per order. */
function auditLine(report: SettlementReport) {
  return {
    period: report.period,
    unit: report.unit,
    items: report.items,
    matched: report.matched.count,
    differs: report.differs.length,
    not_in_ledger: report.not_in_ledger.length,
    not_orders: report.not_orders.length,
    not_in_report: report.not_in_report.length,
  };
}

export const RAZORPAY_UNAVAILABLE =
  'Razorpay did not give the settlement report just now. Try again in a few minutes, or upload the report downloaded from the Razorpay dashboard.';

/** Fetches the period's report from the provider (all pages) and matches it. */
export async function fetchReport(
  db: Queryable,
  provider: PaymentProvider,
  actor: Actor,
  periodText: string,
  now = new Date(),
): Promise<SettlementReport> {
  const period = periodOf(periodText, now);
  let items: SettlementItem[];
  try {
    items = await provider.settlementItems({
      year: period.year,
      month: period.month,
      ...(period.day === undefined ? {} : { day: period.day }),
    });
  } catch (err) {
    if (err instanceof NoSettlements) throw new Conflict(err.message);
    if (err instanceof PaymentProviderError) throw new ProviderFailed(RAZORPAY_UNAVAILABLE);
    throw err;
  }
  const report = await matchItems(db, items, { source: 'razorpay', period, unit: null }, now);
  await record(db, actor, {
    entity: 'settlement_report',
    entityId: periodText,
    action: 'fetch',
    after: auditLine(report),
  });
  return report;
}

/** Reads an uploaded report (amounts in the unit the owner chose) and matches it. */
export async function uploadReport(
  db: Queryable,
  actor: Actor,
  bytes: Buffer,
  unit: SettlementUnit,
  now = new Date(),
): Promise<SettlementReport> {
  const items = readSettlementCsv(bytes, unit);
  const period = periodOfItems(items);
  const report = await matchItems(db, items, { source: 'upload', period, unit }, now);
  await record(db, actor, {
    entity: 'settlement_report',
    entityId: `${period.from}..${period.to}`,
    action: 'upload',
    after: auditLine(report),
  });
  return report;
}
