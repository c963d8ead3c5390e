// /admin/refunds (orders.refund): refunds still open after the 7 days the refund policy
// promises, oldest first, then every refund newest first, filtered by state and paged with
// the server's cursor; each links to its order.
import {
  RecordPayoutRequest,
  REFUND_PROMISE_DAYS,
  REFUND_STATUSES,
  type AdminRefundListItem,
  type RefundStatus,
} from '@kitroom/contract/admin';
import type { PayoutDetails } from '@kitroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { useRequestForm } from '@/ui/request-form';
import { Table } from '@/ui/table';
import { useTitle } from '@/ui/use-title';
import { REFUND_STATUS_LABEL, RefundStatusBadge } from '@/ui/refund-text';

const PAGE = 50;
const cell = 'px-3 py-3 align-top max-md:block max-md:px-0 max-md:py-1';
const border = 'md:border-b md:border-line';

export function RefundsPage() {
  useTitle('Refunds');
  const [status, setStatus] = useState<RefundStatus | ''>('');
  const overdue = useQuery({
    queryKey: ['admin', 'listAdminRefunds', 'overdue'],
    queryFn: () => call('listAdminRefunds', { query: { overdue: 'true', limit: 200 } }),
  });
  const list = useCursorList({
    queryKey: ['admin', 'listAdminRefunds', status],
    fetchPage: (cursor: number | undefined) =>
      call('listAdminRefunds', {
        query: { ...(status ? { status } : {}), limit: PAGE, after: cursor },
      }),
    nextCursor: (page) => page.next_after,
    field: 'refunds',
  });
  const late = overdue.data?.refunds ?? [];

  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Refunds</h1>
        <p className="mt-1 max-w-2xl text-muted">
          Money given back to shoppers. The refund policy promises it within {REFUND_PROMISE_DAYS}{' '}
          days; refunds still on their way after that come first.
        </p>
      </div>

      <Payouts />

      <section aria-labelledby="overdue-refunds" className="space-y-3">
        <h2 id="overdue-refunds" className="font-display text-xl font-bold uppercase">
          Overdue
        </h2>
        {overdue.error ? (
          <FormMessage text={errorText(overdue.error)} />
        ) : !overdue.data ? (
          <p role="status">Loading overdue refunds…</p>
        ) : late.length === 0 ? (
          <p className="text-muted">
            No refund is older than {REFUND_PROMISE_DAYS} days and still on its way.
          </p>
        ) : (
          <>
            <FormMessage
              text={`${overdue.data.overdue_count} refund${overdue.data.overdue_count === 1 ? ' is' : 's are'} past the ${REFUND_PROMISE_DAYS} days the policy promises. Check each with the payment provider and tell the shopper.`}
            />
            <RefundTable refunds={late} caption="Overdue refunds, oldest first" />
          </>
        )}
      </section>

      <section aria-labelledby="all-refunds" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="all-refunds" className="font-display text-xl font-bold uppercase">
            All refunds
          </h2>
          <SelectField
            label="State"
            className="w-56"
            options={[
              { value: '', label: 'Any state' },
              ...REFUND_STATUSES.map((s) => ({ value: s, label: REFUND_STATUS_LABEL[s] })),
            ]}
            value={status}
            onChange={(e) => setStatus(e.target.value as RefundStatus | '')}
          />
        </div>
        <PagedList list={list} loading="Loading refunds…" empty="No refunds here.">
          {(refunds) => <RefundTable refunds={refunds} caption="Refunds, newest first" />}
        </PagedList>
      </section>
    </div>
  );
}

function RefundTable({ refunds, caption }: { refunds: AdminRefundListItem[]; caption: string }) {
  return (
    <div className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4">
      <Table caption={caption} columns={['Order', 'Amount', 'State', 'Asked', 'Reason']}>
        {refunds.map((r) => (
          <RefundRow key={r.id} refund={r} />
        ))}
      </Table>
    </div>
  );
}

const ageText = (days: number) =>
  days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`;

function RefundRow({ refund: r }: { refund: AdminRefundListItem }) {
  return (
    <tr
      aria-label={`Refund #${r.id}`}
      className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
    >
      <td className={`${cell} ${border}`}>
        <Link to={`/orders/${r.order_id}`} className="font-semibold underline">
          Order #{r.order_id}
        </Link>
        <span className="block text-muted">{r.shopper_name}</span>
      </td>
      <td className={`${cell} ${border} font-semibold whitespace-nowrap`}>
        {formatPaise(r.amount_paise)}
      </td>
      <td className={`${cell} ${border}`}>
        <RefundStatusBadge status={r.status} payout={r.method === 'payout'} />
        {r.overdue && <span className="ml-2 font-semibold text-sale">Overdue</span>}
        {r.method === 'payout' && r.utr && (
          <span className="mt-1 block text-xs text-muted">Bank transfer, UTR {r.utr}</span>
        )}
        {r.last_error && (r.status === 'requested' || r.status === 'failed') && (
          <span className="mt-1 block max-w-xs text-xs break-words text-muted">{r.last_error}</span>
        )}
      </td>
      <td className={`${cell} ${border}`}>
        <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
        <span className="block text-muted">
          {ageText(r.age_days)} · {r.requested_by ? r.requested_by.name : 'by the shop'}
        </span>
      </td>
      <td className={`${cell} ${border} break-words`}>{r.reason}</td>
    </tr>
  );
}

/**
 * Cash-on-delivery refunds have no payment to go back to: staff transfer each to the account
 * the shopper gave with the return and record the bank's reference (UTR), which closes the
 * refund and mails the shopper.
 */
function Payouts() {
  const payouts = useQuery({
    queryKey: ['admin', 'listAdminRefunds', 'payouts'],
    queryFn: () =>
      call('listAdminRefunds', { query: { method: 'payout', status: 'pending', limit: 200 } }),
  });
  const waiting = payouts.data?.refunds ?? [];
  if (!payouts.error && waiting.length === 0) return null;
  return (
    <section aria-labelledby="payouts" className="space-y-3">
      <h2 id="payouts" className="font-display text-xl font-bold uppercase">
        Bank transfers to make
      </h2>
      <p className="max-w-2xl text-muted">
        Refunds of cash-on-delivery orders (returns, goodwill): transfer each amount to the
        shopper&rsquo;s account (UPI or NEFT/IMPS), then record the transfer&rsquo;s UTR here. The
        shopper is mailed when you do.
      </p>
      {payouts.error ? (
        <FormMessage text={errorText(payouts.error)} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {waiting.map((r) => (
            <li key={r.id}>
              <PayoutCard refund={r} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PayoutLines({ to }: { to: PayoutDetails }) {
  if (to.method === 'upi') {
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        <dt className="text-muted">UPI id</dt>
        <dd className="font-mono break-all">{to.upi_id}</dd>
      </dl>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3">
      <dt className="text-muted">Name</dt>
      <dd>{to.account_name}</dd>
      <dt className="text-muted">Account</dt>
      <dd className="font-mono">{to.account_number}</dd>
      <dt className="text-muted">IFSC</dt>
      <dd className="font-mono">{to.ifsc}</dd>
    </dl>
  );
}

function PayoutCard({ refund: r }: { refund: AdminRefundListItem }) {
  const queryClient = useQueryClient();
  const form = useRequestForm(RecordPayoutRequest, { defaultValues: { utr: '' } });
  const record = useMutation({
    mutationFn: (body: { utr: string }) => call('recordPayout', { params: { id: r.id }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listAdminRefunds'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
  return (
    <form
      aria-label={`Payout of refund #${r.id}`}
      // The UTR is sent as typed; the server reads it as the contract does.
      onSubmit={(event) =>
        void form.handleSubmit(() => record.mutate({ utr: form.getValues('utr') }))(event)
      }
      className="space-y-3 rounded-2xl border border-line bg-white p-4 text-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={`/orders/${r.order_id}`} className="font-semibold underline">
          Order #{r.order_id}
        </Link>
        <span className="text-lg font-bold">{formatPaise(r.amount_paise)}</span>
      </div>
      <p className="text-muted">
        {r.shopper_name} · {r.reason} · {ageText(r.age_days)}
        {r.overdue && <span className="ml-2 font-semibold text-sale">Overdue</span>}
      </p>
      {r.payout_to && <PayoutLines to={r.payout_to} />}
      <TextField
        label="UTR of the transfer"
        {...form.register('utr')}
        error={form.formState.errors.utr?.message}
        autoComplete="off"
      />
      {record.error && <FormMessage text={errorText(record.error)} />}
      <button type="submit" className={buttonClass('primary')} disabled={record.isPending}>
        {record.isPending ? 'Recording…' : 'Record transfer'}
      </button>
    </form>
  );
}
