// /admin/reconciliation (reports.read): every order's money ledger checked (decision 061) —
// captured payments + cash collected − refunds against what the order keeps — and the orders
// that do not balance listed with their figures, each linking to its order; then Razorpay's
// settlement report matched against the ledger (settlement-report.tsx, decision 076).
import type { UnbalancedOrder } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call, errorText } from '@/api/client';
import { FormMessage } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { useTitle } from '@/ui/use-title';
import { SettlementReportSection } from './settlement-report';

const cell = 'px-3 py-3 align-top max-md:block max-md:px-0 max-md:py-1';
const border = 'md:border-b md:border-line';

export function ReconciliationPage() {
  useTitle('Reconciliation');
  const check = useQuery({
    queryKey: ['admin', 'reconciliation'],
    queryFn: () => call('reconciliation'),
  });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Reconciliation</h1>
        <p className="mt-1 max-w-2xl text-muted">
          Every order&rsquo;s money, checked: what its payments captured and the cash collected on
          delivery, less what was refunded or is on its way, must be what the order keeps — its
          total while it is paid, less refunds for returns and by staff; nothing when it is not paid
          or was canceled.
        </p>
      </div>
      {check.error ? (
        <FormMessage text={errorText(check.error)} />
      ) : !check.data ? (
        <p role="status">Checking every order…</p>
      ) : check.data.unbalanced.length === 0 ? (
        <p role="status" className="rounded-2xl border border-line bg-white p-5 font-semibold">
          {check.data.checked === 1
            ? 'The one order balances.'
            : `All ${check.data.checked} orders balance.`}
        </p>
      ) : (
        <>
          <FormMessage
            text={`${check.data.unbalanced.length} of ${check.data.checked} orders do not balance. Open each, compare its Money panel with the payment provider's dashboard, and refund or record what is missing.`}
          />
          <UnbalancedTable orders={check.data.unbalanced} />
        </>
      )}
      <SettlementReportSection />
    </div>
  );
}

function UnbalancedTable({ orders }: { orders: UnbalancedOrder[] }) {
  return (
    <div className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4">
      <table className="w-full border-separate border-spacing-0 text-sm max-md:block">
        <caption className="sr-only">Orders that do not balance, oldest first</caption>
        <thead className="max-md:sr-only">
          <tr className="text-left text-xs tracking-wide text-muted uppercase">
            {['Order', 'Came in', 'Went out', 'Keeps', 'Should keep', 'Why'].map((h) => (
              <th key={h} scope="col" className="border-b border-line px-3 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-3">
          {orders.map((o) => {
            const diff = o.kept_paise - o.expected_paise;
            return (
              <tr
                key={o.order_id}
                aria-label={`Order #${o.order_id}`}
                className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
              >
                <td className={`${cell} ${border}`}>
                  <Link to={`/orders/${o.order_id}`} className="font-semibold underline">
                    Order #{o.order_id}
                  </Link>
                  <span className="block text-muted">charged {formatPaise(o.charged_paise)}</span>
                </td>
                <td className={`${cell} ${border} tabular-nums`}>
                  {formatPaise(o.captured_paise + o.cash_paise)}
                  {o.cash_paise > 0 && <span className="block text-muted">cash on delivery</span>}
                </td>
                <td className={`${cell} ${border} tabular-nums`}>
                  {formatPaise(o.refunded_paise)}
                </td>
                <td className={`${cell} ${border} font-semibold tabular-nums`}>
                  {formatPaise(o.kept_paise)}
                </td>
                <td className={`${cell} ${border} tabular-nums`}>
                  {formatPaise(o.expected_paise)}
                  <span className="block font-semibold text-sale">
                    {diff > 0
                      ? `${formatPaise(diff)} too much kept`
                      : `${formatPaise(-diff)} short`}
                  </span>
                </td>
                <td className={`${cell} ${border}`}>{o.because}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
