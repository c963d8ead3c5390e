// /admin/wholesale (wholesale.manage): applications from shops, newest first, with every detail
// they gave and the server's check of their GSTIN, filtered by status and paged with the
// server's cursor; each approved onto a price list or rejected with a reason.
import { WholesaleStatus } from '@kitroom/contract';
import type { AdminWholesaleApplication, PriceList } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, callQuery, errorText } from '@/api/client';
import { formatDateTime } from '@/ui/dates';
import { formatPaise } from '@/ui/money';
import { FormMessage, SelectField } from '@/ui/form-field';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { useTitle } from '@/ui/use-title';
import { ApplicationActions } from './application-actions';

const PAGE = 50;

const STATUS_LABEL: Record<WholesaleStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const STATUS_TONE: Record<WholesaleStatus, string> = {
  pending: 'bg-amber-50 text-amber-800',
  approved: 'bg-emerald-50 text-emerald-800',
  rejected: 'bg-red-50 text-sale',
};

export function WholesalePage() {
  useTitle('Wholesale');
  const [status, setStatus] = useState<'' | WholesaleStatus>('');
  const list = useCursorList({
    queryKey: ['admin', 'listWholesaleApplications', status],
    fetchPage: (cursor: number | undefined) =>
      call('listWholesaleApplications', {
        query: { ...(status ? { status } : {}), limit: PAGE, before: cursor },
      }),
    nextCursor: (page) => page.next_before,
    field: 'applications',
  });
  const priceLists = useQuery(callQuery('listPriceLists'));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Wholesale</h1>
          <p className="mt-1 text-muted">
            Shops that asked for wholesale prices. Approve one onto a price list, or reject it with
            a reason; the shop is mailed either way.
          </p>
          <Link to="/wholesale/price-lists" className="mt-2 inline-block font-semibold underline">
            Price lists
          </Link>
        </div>
        <SelectField
          label="Status"
          className="w-48"
          options={[
            { value: '', label: 'Any status' },
            ...WholesaleStatus.options.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
          ]}
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
        />
      </div>

      <section aria-labelledby="applications">
        <h2 id="applications" className="sr-only">
          Applications, newest first
        </h2>
        <PagedList list={list} loading="Loading applications…" empty="No applications.">
          {(applications) => (
            <ul className="grid gap-3 lg:grid-cols-2">
              {applications.map((a) => (
                <ApplicationCard
                  key={a.id}
                  application={a}
                  priceLists={priceLists.data?.price_lists ?? []}
                />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </div>
  );
}

function GstinCheck({ check }: { check: NonNullable<AdminWholesaleApplication['gstin_check']> }) {
  const problems = [
    !check.format_ok && 'not in the GSTIN format',
    check.format_ok && !check.checksum_ok && 'its check character is wrong',
    check.state_matches === false &&
      `registered in ${check.gstin_state ?? 'no state'}, the shop is in ${check.location_state}`,
  ].filter((p): p is string => typeof p === 'string');
  const state =
    check.state_matches === null
      ? `${check.gstin_state ?? 'Unknown state'}; the location names no state`
      : check.gstin_state;
  return problems.length === 0 ? (
    <p className="text-emerald-700">Valid, {state}</p>
  ) : (
    <p className="font-semibold text-sale">Check it: {problems.join('; ')}</p>
  );
}

function ApplicationCard({
  application: a,
  priceLists,
}: {
  application: AdminWholesaleApplication;
  priceLists: readonly PriceList[];
}) {
  return (
    <li aria-label={a.shop_name} className="rounded-2xl border border-line bg-white p-4 md:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-bold">{a.shop_name}</p>
          <p className="text-muted">{a.shop_location}</p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_TONE[a.status]}`}
        >
          {STATUS_LABEL[a.status]}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[7.5rem_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="font-semibold text-muted">GSTIN</dt>
        <dd className="font-mono break-all">{a.gst ?? 'Not given'}</dd>
        {a.gstin_check && (
          <>
            <dt className="font-semibold text-muted">GSTIN check</dt>
            <dd>
              <GstinCheck check={a.gstin_check} />
            </dd>
          </>
        )}
        <dt className="font-semibold text-muted">Contact</dt>
        <dd>
          {a.requesting_person},{' '}
          <a href={`tel:+91${a.contact_number}`} className="font-semibold underline">
            {a.contact_number}
          </a>
        </dd>
        <dt className="font-semibold text-muted">Account</dt>
        <dd className="break-all">
          {a.user.name} ({a.user.email})
        </dd>
        <dt className="font-semibold text-muted">Applied</dt>
        <dd>
          <time dateTime={a.created_at}>{formatDateTime(a.created_at)}</time>
        </dd>
        {a.registered && (
          <>
            <dt className="font-semibold text-muted">Registered as</dt>
            <dd>
              {a.registered.legal_name}, {a.registered.street}, {a.registered.city},{' '}
              {a.registered.state} {a.registered.pincode}
            </dd>
          </>
        )}
        {a.price_list && (
          <>
            <dt className="font-semibold text-muted">Price list</dt>
            <dd>{a.price_list.name}</dd>
          </>
        )}
        {a.reject_reason && (
          <>
            <dt className="font-semibold text-muted">Rejected</dt>
            <dd>{a.reject_reason}</dd>
          </>
        )}
      </dl>
      {a.about_shop && (
        <p className="mt-3 border-t border-line pt-3 text-sm break-words whitespace-pre-line">
          {a.about_shop}
        </p>
      )}
      {a.status === 'approved' && <WholesalerOrders userId={a.user.id} />}
      <ApplicationActions application={a} priceLists={priceLists} />
    </li>
  );
}

/** The shop's orders as a wholesaler: how many, what the paid ones came to, the latest five. */
function WholesalerOrders({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  const query = { wholesale: '1' as const, user_id: userId };
  const totals = useQuery({ ...callQuery('adminOrderTotals', { query }), enabled: open });
  const latest = useQuery({
    ...callQuery('listAdminOrders', { query: { ...query, limit: 5 } }),
    enabled: open,
  });
  return (
    <div className="mt-3 border-t border-line pt-3 text-sm">
      <button
        type="button"
        aria-expanded={open}
        className="font-semibold underline"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide orders' : 'Orders and total'}
      </button>
      {open &&
        ((totals.error ?? latest.error) ? (
          <FormMessage text={errorText(totals.error ?? latest.error)} />
        ) : !totals.data || !latest.data ? (
          <p role="status">Loading orders…</p>
        ) : (
          <div className="mt-2 space-y-2">
            <p>
              {totals.data.orders === 1 ? '1 order' : `${totals.data.orders} orders`} as a
              wholesaler; {totals.data.paid_orders} paid, worth{' '}
              <strong className="tabular-nums">{formatPaise(totals.data.paid_total_paise)}</strong>.
            </p>
            {latest.data.orders.length > 0 && (
              <ul className="divide-y divide-line">
                {latest.data.orders.map((o) => (
                  <li key={o.id} className="flex justify-between gap-3 py-1.5">
                    <Link to={`/orders/${o.id}`} className="font-semibold underline">
                      #{o.id}
                    </Link>
                    <span className="text-muted">{formatDateTime(o.created_at)}</span>
                    {o.total_paise !== null && (
                      <span className="tabular-nums">{formatPaise(o.total_paise)}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <Link
              to={`/orders?wholesale=1&user_id=${userId}`}
              className="inline-block font-semibold underline"
            >
              All their orders
            </Link>
          </div>
        ))}
    </div>
  );
}
