// /admin/returns (orders.read): shoppers' return and exchange requests, those waiting for a
// decision first, newest first in each part, filtered by status and paged with the server's
// cursor; each opens with its order, lines and steps.
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '@kitroom/contract';
import type { AdminReturnSummary } from '@kitroom/contract/admin';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@/api/client';
import { formatDateTime } from '@/ui/dates';
import { SelectField } from '@/ui/form-field';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { useTitle } from '@/ui/use-title';
import { FaultyBadge, ReturnStatusBadge, returnTitle } from './return-status';

const PAGE = 50;

export function ReturnsPage() {
  useTitle('Returns');
  const [status, setStatus] = useState<'' | ReturnStatus>('');
  const list = useCursorList({
    queryKey: ['admin', 'listReturns', status],
    fetchPage: (cursor: string | undefined) =>
      call('listReturns', {
        query: { ...(status ? { status } : {}), limit: PAGE, after: cursor },
      }),
    nextCursor: (page) => page.next_after,
    field: 'returns',
  });
  const waiting = list.query.data?.pages[0]?.waiting;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Returns</h1>
          <p className="mt-1 text-muted">
            Returns and size exchanges shoppers asked for within 7 days of delivery.
            {waiting !== undefined && ` ${waiting} waiting for a decision.`}
          </p>
        </div>
        <SelectField
          label="Status"
          className="w-full sm:w-64"
          options={[
            { value: '', label: 'All, waiting first' },
            ...RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_LABELS[s] })),
          ]}
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
        />
      </div>

      <section aria-labelledby="returns-list">
        <h2 id="returns-list" className="sr-only">
          Requests
        </h2>
        <PagedList list={list} loading="Loading requests…" empty="No requests.">
          {(requests) => (
            <ul className="grid gap-3 lg:grid-cols-2">
              {requests.map((r) => (
                <RequestCard key={r.id} request={r} />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </div>
  );
}

function RequestCard({ request: r }: { request: AdminReturnSummary }) {
  const title = returnTitle(r);
  return (
    <li aria-label={title} className="rounded-2xl border border-line bg-white p-4 md:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-bold">{title}</p>
          <p className="text-sm text-muted">
            Order #{r.order_id} · {r.customer_name || 'No name'} · {r.pieces}{' '}
            {r.pieces === 1 ? 'piece' : 'pieces'}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {r.defect && <FaultyBadge />}
          <ReturnStatusBadge status={r.status} />
        </div>
      </div>
      <p className="mt-2 line-clamp-2 text-sm break-words">{r.reason}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <time dateTime={r.created_at} className="text-sm text-muted">
          {formatDateTime(r.created_at)}
        </time>
        <Link
          to={`/returns/${r.id}`}
          aria-label={`Open ${title}`}
          className="inline-flex min-h-9 items-center rounded-full border border-line bg-white px-3.5 text-sm font-semibold hover:bg-paper"
        >
          Open
        </Link>
      </div>
    </li>
  );
}
