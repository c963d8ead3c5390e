// /admin/customers (customers.read): shoppers newest first or by lifetime value, found by one
// search box (a name, part of an email, or a phone number), kept in the address so a link can
// open a search. A table on a desktop, a card per shopper on a phone; each opens the shopper.
import type { AdminCustomerRow, CustomerListQuery, CustomerSort } from '@kitroom/contract/admin';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { SelectField, TextField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { Table } from '@/ui/table';
import { useTitle } from '@/ui/use-title';
import { Badges, plural } from './customer-format';

const PAGE = 50;
const cell = 'px-3 py-3 align-middle max-md:px-0 max-md:py-0.5';

export function CustomersPage() {
  useTitle('Customers');
  // Lifetime value is money: only a role that sees orders' money may sort by it.
  const mayMoney = useMay('orders.money');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort: CustomerSort = mayMoney && params.get('sort') === 'value' ? 'value' : 'newest';
  const [text, setText] = useState(q);
  const query = useMemo<Omit<CustomerListQuery, 'after' | 'limit'>>(
    () => ({ ...(q ? { q } : {}), sort }),
    [q, sort],
  );
  const list = useCursorList({
    queryKey: ['admin', 'listCustomers', query],
    fetchPage: (cursor: string | undefined) =>
      call('listCustomers', { query: { ...query, limit: PAGE, after: cursor } }),
    nextCursor: (page) => page.next_after,
    field: 'customers',
  });

  function set(change: { q?: string; sort?: string }) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  }

  function search(event: FormEvent) {
    event.preventDefault();
    set({ q: text.trim() });
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Customers</h1>
        <p className="mt-1 text-muted">
          Shoppers with an account. Open one for their orders, addresses and notes.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-white p-4 md:p-5">
        <form role="search" onSubmit={search} className="flex min-w-0 flex-[3_1_20rem] gap-3">
          <TextField
            label="Search customers"
            type="search"
            placeholder="Name, email or phone"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="min-w-0 flex-1"
          />
          <button type="submit" className={buttonClass('primary', 'mt-7')}>
            Search
          </button>
        </form>
        {mayMoney && (
          <SelectField
            label="Order"
            className="flex-[1_1_12rem]"
            options={[
              { value: 'newest', label: 'Newest first' },
              { value: 'value', label: 'Lifetime value' },
            ]}
            value={sort}
            onChange={(e) => set({ sort: e.target.value === 'value' ? 'value' : undefined })}
          />
        )}
      </div>

      <section
        aria-labelledby="customer-list"
        className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
      >
        <h2 id="customer-list" className="sr-only">
          Customers found
        </h2>
        <PagedList
          list={list}
          loading="Loading customers…"
          empty={q ? `No customer matches “${q}”.` : 'No shopper has an account yet.'}
        >
          {(customers) => <CustomerTable customers={customers} showValue={mayMoney} />}
        </PagedList>
      </section>
    </div>
  );
}

function CustomerTable({
  customers,
  showValue,
}: {
  customers: AdminCustomerRow[];
  showValue: boolean;
}) {
  return (
    <Table
      caption="Customers"
      columns={[
        'Customer',
        'Phone',
        'Orders',
        showValue && { label: 'Lifetime value', className: 'text-right' },
      ]}
    >
      {customers.map((c) => (
        <tr
          key={c.id}
          className="max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-3 max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
        >
          <td className={`${cell} md:border-b md:border-line max-md:col-span-2`}>
            <Link
              to={`/customers/${c.id}`}
              className="font-bold break-words underline-offset-2 hover:underline"
            >
              {c.name}
            </Link>
            <Badges row={c} />
            <p className="text-xs break-all text-muted">{c.email}</p>
          </td>
          <td
            className={`${cell} tabular-nums md:border-b md:border-line max-md:col-start-1 max-md:text-muted`}
          >
            {c.phone || '—'}
          </td>
          <td className={`${cell} md:border-b md:border-line max-md:col-start-1 max-md:text-muted`}>
            {plural(c.orders, 'order', 'orders')}
            {c.last_order_at && (
              <span className="block text-xs text-muted">
                last <time dateTime={c.last_order_at}>{formatDateTime(c.last_order_at)}</time>
              </span>
            )}
          </td>
          {showValue && (
            <td
              className={`${cell} font-semibold tabular-nums md:border-b md:border-line md:text-right max-md:col-start-2 max-md:row-start-2 max-md:row-span-2 max-md:self-center max-md:text-right max-md:text-base`}
            >
              {c.lifetime_value_paise !== null && formatPaise(c.lifetime_value_paise)}
            </td>
          )}
        </tr>
      ))}
    </Table>
  );
}
