// /admin — the shop at a glance: today's and this month's sales, orders waiting to be packed,
// sizes running low, 30 days of sales and the best sellers. Each part shows only for a role
// the server sent it to; what the role may do closes the page.
import { PERMISSIONS, type DashboardResponse, type DashboardSales } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { callQuery, errorText } from '@/api/client';
import { useSession } from '@/api/session';
import { formatDateTime } from '@/ui/dates';
import { formatPaise } from '@/ui/money';
import { PERMISSION_TEXT, ROLE_LABEL } from '@/ui/roles';
import { Thumbnail } from '@/ui/thumbnail';
import { useTitle } from '@/ui/use-title';
import { CartRemindersReport } from './cart-reminders-report';
import { CodReport } from './cod-report';
import { SalesChart } from './sales-chart';

const card = 'min-w-0 rounded-2xl border border-line bg-white p-5 md:p-6';

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}

function Figure({
  label,
  value,
  note,
  link,
}: {
  label: string;
  value: string;
  note: ReactNode;
  link?: { to: string; text: string };
}) {
  return (
    <div className={card}>
      <p className="text-sm font-semibold text-muted">{label}</p>
      <p className="mt-1 font-display text-3xl font-bold tabular-nums">{value}</p>
      <p className="mt-1 text-sm text-muted">{note}</p>
      {link && (
        <Link to={link.to} className="mt-2 inline-block text-sm font-semibold underline">
          {link.text}
        </Link>
      )}
    </div>
  );
}

/** What a net figure is made of: the paid orders' total, less the money given back. */
function salesNote(p: DashboardSales['today']): string {
  const orders = plural(p.orders, 'paid order', 'paid orders');
  return p.refunds_paise === 0
    ? orders
    : `${formatPaise(p.paise)} in ${orders}, less ${formatPaise(p.refunds_paise)} refunded`;
}

function Figures({ data }: { data: DashboardResponse }) {
  const { sales, to_pack: toPack, low_stock: lowStock } = data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {sales && (
        <>
          <Figure
            label="Net sales today"
            value={formatPaise(sales.today.net_paise)}
            note={salesNote(sales.today)}
          />
          <Figure
            label="Net sales this month"
            value={formatPaise(sales.month.net_paise)}
            note={salesNote(sales.month)}
          />
        </>
      )}
      {toPack && (
        <Figure
          label="Orders to pack"
          value={toPack.count.toLocaleString('en-IN')}
          note={
            toPack.oldest_paid_at
              ? `Oldest paid ${formatDateTime(toPack.oldest_paid_at)}`
              : 'Nothing is waiting.'
          }
          link={{ to: '/orders?status=to-pack', text: 'Open the orders to pack' }}
        />
      )}
      {lowStock && (
        <Figure
          label="Sizes running low"
          value={lowCount(lowStock)}
          note={
            lowStock.count === 0 ? 'Every size is above its threshold.' : 'At or below threshold'
          }
        />
      )}
    </div>
  );
}

/** "25", or "1,000+" when the count stopped at its cap. */
function lowCount(data: NonNullable<DashboardResponse['low_stock']>): string {
  return `${data.count.toLocaleString('en-IN')}${data.more ? '+' : ''}`;
}

function LowStock({ data }: { data: NonNullable<DashboardResponse['low_stock']> }) {
  return (
    <section aria-labelledby="low-stock" className={`${card} xl:col-span-3`}>
      <h2 id="low-stock" className="text-lg font-bold">
        Low stock, emptiest first
      </h2>
      {data.sizes.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          No size of a product on sale is at or below its threshold.
        </p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-muted">
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Product
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Size
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Left
              </th>
            </tr>
          </thead>
          <tbody>
            {data.sizes.map((s) => (
              <tr key={`${s.product_id}-${s.size}`} className="border-b border-line last:border-0">
                <td className="py-2 pr-3">
                  <Link
                    to={`/products/${s.product_id}`}
                    className="underline-offset-2 hover:underline"
                  >
                    {s.name}
                  </Link>{' '}
                  <span className="text-muted">#{s.product_id}</span>
                </td>
                <td className="py-2 pr-3">{s.size}</td>
                <td className="py-2 text-right whitespace-nowrap tabular-nums">
                  <strong className={s.stock === 0 ? 'text-sale' : ''}>{s.stock}</strong>
                  <span className="text-muted"> / {s.threshold}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.count > data.sizes.length && (
        <p className="mt-3 text-sm text-muted">
          Showing the {data.sizes.length} emptiest of {lowCount(data)} sizes.{' '}
          <Link to="/products?low_stock=true" className="underline underline-offset-2">
            See the products with low sizes
          </Link>
        </p>
      )}
    </section>
  );
}

function Sales({ sales }: { sales: NonNullable<DashboardResponse['sales']> }) {
  return (
    <>
      <section aria-labelledby="chart" className={`${card} xl:col-span-2`}>
        <h2 id="chart" className="text-lg font-bold">
          Sales, last 30 days
        </h2>
        <div className="mt-4">
          <SalesChart days={sales.days} />
        </div>
      </section>
      <section aria-labelledby="top" className={card}>
        <h2 id="top" className="text-lg font-bold">
          Best sellers, last 30 days
        </h2>
        {sales.top_products.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Nothing sold in the last 30 days.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {sales.top_products.map((p) => (
              <li key={p.product_id} className="flex items-center gap-3 text-sm">
                <Thumbnail path={p.image_url} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{p.name}</span>
                  <span className="text-muted">{plural(p.units, 'piece', 'pieces')}</span>
                </span>
                <span className="tabular-nums">{formatPaise(p.paise)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

export function DashboardPage() {
  const { staff, permissions } = useSession();
  useTitle('Dashboard');
  const dashboard = useQuery({ ...callQuery('dashboard'), refetchInterval: 60_000 });
  const may = PERMISSIONS.filter((p) => permissions.includes(p));
  const data = dashboard.data;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">
          Welcome, {staff.name}
        </h1>
        <p className="mt-1 text-muted">
          Signed in as <strong className="text-ink">{ROLE_LABEL[staff.role]}</strong>. Sales are
          paid orders that were not canceled, counted on the Indian day they were paid.
        </p>
      </div>
      {dashboard.isPending && <p className="text-muted">Loading the figures…</p>}
      {dashboard.isError && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-sale">
          {errorText(dashboard.error)}
        </p>
      )}
      {data && (
        <>
          <Figures data={data} />
          <div className="grid gap-4 xl:grid-cols-3">
            {data.sales && <Sales sales={data.sales} />}
            {data.low_stock && <LowStock data={data.low_stock} />}
          </div>
          {permissions.includes('reports.read') && (
            <div className="grid gap-4 lg:grid-cols-2">
              <CodReport />
              <CartRemindersReport />
            </div>
          )}
        </>
      )}
      <details className={card}>
        <summary className="cursor-pointer font-bold">What your role may do</summary>
        <ul className="mt-3 grid gap-2 md:grid-cols-2">
          {may.map((permission) => (
            <li key={permission} className="flex gap-2 text-sm">
              <span
                aria-hidden="true"
                className="mt-1.5 size-2 shrink-0 rounded-full bg-volt-dark"
              />
              {PERMISSION_TEXT[permission]}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">
          Two-factor sign-in is {staff.two_factor ? 'on' : 'off'}. Your session ends after 30
          minutes without activity, and after 12 hours in any case.
        </p>
      </details>
    </div>
  );
}
