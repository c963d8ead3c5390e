// /admin/orders (orders.read): orders newest first with status chips, filters (payment, Indian
// days, state) and one search box, kept in the address so a link can open a filtered list
// (the dashboard's "to pack"). Rows are chosen for the bulk actions: mark packed, print their
// packing slips as one PDF; the filtered list downloads as CSV.
import { INDIAN_STATES } from '@kitroom/contract';
import {
  adminEndpoints,
  ORDER_LIST_STATUSES,
  type AdminOrderRow,
  type OrderListQuery,
  type OrderListStatus,
  type PackOrdersResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call, errorText } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { useTitle } from '@/ui/use-title';
import { PAYMENT_LABEL, STAGE_LABEL, STAGE_TONE } from '@/ui/order-stage';
import { hasInvoice, hasPackingSlip, plural, STATUS_CHIPS } from './order-format';

const PAGE = 50;
const FILTERS = ['status', 'payment', 'from', 'to', 'state', 'q', 'wholesale', 'user_id'] as const;
type Filters = Omit<OrderListQuery, 'after' | 'limit'>;
const cell = 'px-3 py-3 align-middle max-md:px-0 max-md:py-0.5';

function filtersOf(params: URLSearchParams): Filters {
  const filters: Record<string, string> = {};
  for (const key of FILTERS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters as Filters;
}

const isListStatus = (v: string | undefined): v is OrderListStatus =>
  (ORDER_LIST_STATUSES as readonly string[]).includes(v ?? '');

/** A file endpoint's address with the filters as its query. */
function fileUrl(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function OrdersPage() {
  useTitle('Orders');
  const mayFulfil = useMay('orders.fulfil');
  const mayMoney = useMay('orders.money');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const [text, setText] = useState(filters.q ?? '');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const list = useCursorList({
    queryKey: ['admin', 'listAdminOrders', filters],
    fetchPage: (cursor: string | undefined) =>
      call('listAdminOrders', { query: { ...filters, limit: PAGE, after: cursor } }),
    nextCursor: (page) => page.next_after,
    field: 'orders',
  });
  const orders = list.items;

  const pack = useMutation({
    mutationFn: (ids: number[]) => call('packAdminOrders', { body: { order_ids: ids } }),
    onSuccess: (result) => {
      setChosen(new Set(result.refused.map((r) => r.order_id)));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listAdminOrders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'getAdminOrder'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });

  function set(change: Partial<Record<(typeof FILTERS)[number], string | undefined>>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
    setChosen(new Set());
    pack.reset();
  }

  function search(event: FormEvent) {
    event.preventDefault();
    set({ q: text.trim() });
  }

  const toggle = (id: number, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const chosenRows = orders.filter((o) => chosen.has(o.id));
  const chosenIds = chosenRows.map((o) => o.id);
  const slipIds = chosenRows.filter((o) => hasPackingSlip(o.stage)).map((o) => o.id);
  const invoiceIds = mayMoney ? chosenRows.filter((o) => hasInvoice(o.stage)).map((o) => o.id) : [];
  // Shipped orders have a parcel with a waybill to label.
  const labelIds = mayFulfil
    ? chosenRows.filter((o) => o.stage === 'shipped').map((o) => o.id)
    : [];

  return (
    <div className="space-y-6 pb-24">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Orders</h1>
          <p className="mt-1 text-muted">Newest first. Choose orders to pack or print.</p>
        </div>
        <a
          href={fileUrl(adminEndpoints.exportAdminOrders.path, filters)}
          download
          className={buttonClass('ghost')}
        >
          Export CSV
        </a>
      </div>

      <div className="space-y-4 rounded-2xl border border-line bg-white p-4 md:p-5">
        <form role="search" onSubmit={search} className="flex gap-3">
          <TextField
            label="Search orders"
            type="search"
            placeholder="#1042, name, email or phone"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="flex-1"
          />
          <button type="submit" className={buttonClass('primary', 'mt-7')}>
            Search
          </button>
        </form>
        <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
          {STATUS_CHIPS.map((chip) => {
            const on = (isListStatus(filters.status) ? filters.status : undefined) === chip.value;
            return (
              <button
                key={chip.label}
                type="button"
                aria-pressed={on}
                onClick={() => set({ status: chip.value })}
                className={`min-h-9 rounded-full border px-3.5 text-sm font-semibold ${
                  on
                    ? 'border-ink bg-ink text-white'
                    : 'border-line bg-white text-ink hover:bg-paper'
                }`}
              >
                {chip.label}
              </button>
            );
          })}
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <SelectField
            label="Buyers"
            options={[
              { value: '', label: 'All buyers' },
              { value: '1', label: 'Wholesale' },
            ]}
            value={filters.wholesale ?? ''}
            onChange={(e) => set({ wholesale: e.target.value })}
          />
          <SelectField
            label="Payment"
            options={[
              { value: '', label: 'Any payment' },
              { value: 'SUCCESS', label: 'Paid' },
              { value: 'UNPAID', label: 'Unpaid' },
              { value: 'FAILED', label: 'Failed' },
            ]}
            value={filters.payment ?? ''}
            onChange={(e) => set({ payment: e.target.value })}
          />
          <SelectField
            label="Delivery state"
            options={[
              { value: '', label: 'Any state' },
              ...INDIAN_STATES.map((s) => ({ value: s, label: s })),
            ]}
            value={filters.state ?? ''}
            onChange={(e) => set({ state: e.target.value })}
          />
          <TextField
            label="Placed from"
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => set({ from: e.target.value })}
          />
          <TextField
            label="Placed to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => set({ to: e.target.value })}
          />
        </div>
      </div>

      {filters.user_id && (
        <p className="text-sm">
          Only the orders of shopper #{filters.user_id}.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => set({ user_id: undefined })}
          >
            Show everyone’s
          </button>
        </p>
      )}

      <PackResult result={pack.data} error={pack.error} />

      <section
        aria-labelledby="order-list"
        className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
      >
        <h2 id="order-list" className="sr-only">
          Orders found
        </h2>
        <PagedList list={list} loading="Loading orders…" empty="No orders match these filters.">
          {(orders) => (
            <OrderTable
              orders={orders}
              chosen={chosen}
              onToggle={toggle}
              onToggleAll={(on) => setChosen(new Set(on ? orders.map((o) => o.id) : []))}
            />
          )}
        </PagedList>
      </section>

      {chosenIds.length > 0 && (
        <div
          role="region"
          aria-label="Chosen orders"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur"
        >
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
            <p className="font-semibold">{plural(chosenIds.length, 'order', 'orders')} chosen</p>
            {mayFulfil && (
              <button
                type="button"
                className={buttonClass('accent')}
                disabled={pack.isPending}
                onClick={() => pack.mutate(chosenIds)}
              >
                {pack.isPending ? 'Packing…' : 'Mark packed'}
              </button>
            )}
            {slipIds.length > 0 && (
              <a
                href={fileUrl(adminEndpoints.orderPackingSlips.path, { ids: slipIds.join(',') })}
                target="_blank"
                rel="noopener"
                className={buttonClass('ghost')}
              >
                Print packing slips
              </a>
            )}
            {labelIds.length > 0 && (
              <a
                href={fileUrl(adminEndpoints.orderShippingLabels.path, { ids: labelIds.join(',') })}
                target="_blank"
                rel="noopener"
                className={buttonClass('ghost')}
              >
                Print labels
              </a>
            )}
            {invoiceIds.length > 0 && (
              <a
                href={fileUrl(adminEndpoints.orderInvoices.path, { ids: invoiceIds.join(',') })}
                target="_blank"
                rel="noopener"
                className={buttonClass('ghost')}
              >
                Download invoices
              </a>
            )}
            {slipIds.length < chosenIds.length && (
              <p className="text-sm text-muted">
                {plural(chosenIds.length - slipIds.length, 'order', 'orders')} unpaid or canceled:
                no slip.
              </p>
            )}
            <button
              type="button"
              className="min-h-11 px-2 text-sm font-semibold text-muted underline"
              onClick={() => setChosen(new Set())}
            >
              Clear
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function PackResult({ result, error }: { result?: PackOrdersResponse; error: Error | null }) {
  if (error) return <FormMessage text={errorText(error)} />;
  if (!result) return null;
  return (
    <div role="status" className="space-y-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm">
      <p className="font-semibold text-emerald-900">
        {result.packed.length > 0
          ? `${plural(result.packed.length, 'order', 'orders')} marked packed.`
          : 'No order was marked packed.'}
      </p>
      {result.refused.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sale">
          {result.refused.map((r) => (
            <li key={r.order_id}>{r.error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface TableProps {
  orders: AdminOrderRow[];
  chosen: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}

function OrderTable({ orders, chosen, onToggle, onToggleAll }: TableProps) {
  const all = orders.every((o) => chosen.has(o.id));
  // Packers are not shown money: their rows come without totals.
  const showTotals = orders.some((o) => o.total_paise !== null);
  return (
    <table className="w-full border-separate border-spacing-0 text-sm max-md:block">
      <caption className="sr-only">Orders</caption>
      <thead className="max-md:block">
        <tr className="text-left text-xs tracking-wide text-muted uppercase max-md:flex max-md:pb-3">
          <th
            scope="col"
            className="w-10 border-b border-line px-3 py-2 max-md:w-auto max-md:border-0 max-md:px-0"
          >
            <label className="inline-flex min-h-9 items-center gap-2 normal-case">
              <input
                type="checkbox"
                className="size-4 accent-ink"
                checked={all}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
              <span className="sr-only">Choose every order shown</span>
              <span aria-hidden="true" className="text-sm font-semibold text-ink md:hidden">
                Choose all
              </span>
            </label>
          </th>
          <th scope="col" className="border-b border-line px-3 py-2 max-md:sr-only">
            Order
          </th>
          <th scope="col" className="border-b border-line px-3 py-2 max-md:sr-only">
            Ship to
          </th>
          <th scope="col" className="border-b border-line px-3 py-2 max-md:sr-only">
            Status
          </th>
          {showTotals && (
            <th scope="col" className="border-b border-line px-3 py-2 text-right max-md:sr-only">
              Total
            </th>
          )}
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {orders.map((o) => (
          <tr
            key={o.id}
            className="max-md:grid max-md:grid-cols-[2rem_1fr_auto] max-md:gap-x-2 max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-3"
          >
            <td className={`${cell} md:border-b md:border-line max-md:row-span-3`}>
              <input
                type="checkbox"
                className="size-5 accent-ink"
                aria-label={`Choose order #${o.id}`}
                checked={chosen.has(o.id)}
                onChange={(e) => onToggle(o.id, e.target.checked)}
              />
            </td>
            <td className={`${cell} md:border-b md:border-line`}>
              <Link to={`/orders/${o.id}`} className="font-bold underline-offset-2 hover:underline">
                #{o.id}
              </Link>
              <p className="text-xs text-muted">
                <time dateTime={o.created_at}>{formatDateTime(o.created_at)}</time> ·{' '}
                {plural(o.items, 'piece', 'pieces')}
              </p>
            </td>
            <td
              className={`${cell} md:border-b md:border-line max-md:col-start-2 max-md:row-start-2`}
            >
              <p className="font-semibold">
                {o.name}
                {o.wholesale && (
                  <span className="ml-1.5 inline-block rounded-full bg-sky-100 px-2 py-0.5 align-middle text-xs font-bold text-sky-900">
                    Wholesale
                  </span>
                )}
              </p>
              <p className="text-muted">
                {o.city}, {o.state}
              </p>
              {(o.email || o.phone) && (
                <p className="text-xs break-all text-muted">
                  {[o.email, o.phone].filter(Boolean).join(' · ')}
                </p>
              )}
            </td>
            <td
              className={`${cell} md:border-b md:border-line max-md:col-start-3 max-md:row-start-1 max-md:text-right`}
            >
              <span
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${STAGE_TONE[o.stage]}`}
              >
                {STAGE_LABEL[o.stage]}
              </span>
              {o.payment_status !== 'SUCCESS' &&
                !(o.stage === 'pending' && o.payment_status === 'UNPAID') && (
                  <span className="ml-1.5 text-xs font-semibold whitespace-nowrap text-muted max-md:block">
                    {PAYMENT_LABEL[o.payment_status]}
                  </span>
                )}
            </td>
            {showTotals && (
              <td
                className={`${cell} font-semibold tabular-nums md:border-b md:border-line md:text-right max-md:col-start-3 max-md:row-start-2 max-md:text-right`}
              >
                {o.total_paise !== null && formatPaise(o.total_paise)}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
