// /admin/erasures (customers.read): shoppers' requests to delete their accounts (decision 037).
// Waiting ones come first, each with the order that holds it (the shop erases the account
// once that order is delivered or cancelled, or its return settled); then those done. Every
// erasure is also in the audit log (entity 'user').
import type { AdminErasure } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, errorText } from '@/api/client';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, SelectField } from '@/ui/form-field';
import { Table } from '@/ui/table';
import { useTitle } from '@/ui/use-title';

const cell = 'px-3 py-3 align-top max-md:block max-md:px-0 max-md:py-1';
const border = 'md:border-b md:border-line';

const STATE_OPTIONS = [
  { value: '', label: 'Waiting and done' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'done', label: 'Done' },
];

export function ErasuresPage() {
  useTitle('Account deletions');
  const [state, setState] = useState<'' | 'waiting' | 'done'>('');
  const list = useQuery({
    queryKey: ['admin', 'listErasures', state],
    queryFn: () => call('listErasures', { query: state ? { state } : {} }),
  });
  const erasures = list.data?.erasures ?? [];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Account deletions</h1>
        <p className="mt-1 max-w-2xl text-muted">
          Shoppers who asked to delete their account. A request waits while the shopper has an order
          on its way or unpaid, or a return open, and is done by the shop once it is settled. Orders
          with a tax invoice keep the invoiced name and address for 72 months.
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p role="status" className="font-semibold">
          {list.data
            ? `${list.data.waiting} waiting`
            : list.error
              ? ''
              : 'Loading account deletions…'}
        </p>
        <SelectField
          label="State"
          className="w-56"
          options={STATE_OPTIONS}
          value={state}
          onChange={(e) => setState(e.target.value as '' | 'waiting' | 'done')}
        />
      </div>
      {list.error ? (
        <FormMessage text={errorText(list.error)} />
      ) : list.data && erasures.length === 0 ? (
        <p className="text-muted">No shopper has asked to delete their account.</p>
      ) : list.data ? (
        <div className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4">
          <Table
            caption="Account deletions, waiting first"
            columns={['Shopper', 'State', 'Asked', 'Done']}
          >
            {erasures.map((e) => (
              <ErasureRow key={e.id} erasure={e} />
            ))}
          </Table>
        </div>
      ) : null}
    </div>
  );
}

function ErasureRow({ erasure: e }: { erasure: AdminErasure }) {
  return (
    <tr
      aria-label={`Account deletion of shopper #${e.user_id}`}
      className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
    >
      <td className={`${cell} ${border}`}>
        <Link to={`/customers/${e.user_id}`} className="font-semibold underline">
          Shopper #{e.user_id}
        </Link>
        {e.shopper ? (
          <span className="block text-muted">
            {e.shopper.name} · {e.shopper.email}
          </span>
        ) : (
          <span className="block text-muted">Name and email erased</span>
        )}
      </td>
      <td className={`${cell} ${border}`}>
        {e.state === 'waiting' ? (
          <>
            <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              Waiting
            </span>
            {e.blocking_order_id !== null && (
              <span className="mt-1 block">
                for{' '}
                <Link to={`/orders/${e.blocking_order_id}`} className="font-semibold underline">
                  order #{e.blocking_order_id}
                </Link>
              </span>
            )}
          </>
        ) : (
          <span className="inline-flex rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
            Done
          </span>
        )}
      </td>
      <td className={`${cell} ${border}`}>
        <time dateTime={e.requested_at}>{formatDateTime(e.requested_at)}</time>
      </td>
      <td className={`${cell} ${border}`}>
        {e.done_at ? <time dateTime={e.done_at}>{formatDateTime(e.done_at)}</time> : '—'}
      </td>
    </tr>
  );
}
