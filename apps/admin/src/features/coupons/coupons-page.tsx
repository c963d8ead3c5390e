// /admin/coupons (coupons.manage): every coupon with its status, rules and uses, newest first,
// filtered by status and code, paged with the server's cursor; deactivate or edit per row.
import { formatRupees } from '@kitroom/contract';
import { COUPON_STATUSES, type AdminCoupon, type CouponStatus } from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { call, errorText } from '@/api/client';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { SelectField, TextField } from '@/ui/form-field';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { Table } from '@/ui/table';
import { useTitle } from '@/ui/use-title';
import { StatusBadge, STATUS_LABEL } from './coupon-status';
import { discountText, rulesText, usesText } from './coupon-text';

const PAGE = 50;
const cell = 'px-3 py-3 align-top max-md:block max-md:px-0 max-md:py-1';
const border = 'md:border-b md:border-line';

interface Filters {
  status?: CouponStatus;
  code?: string;
}

export function CouponsPage() {
  useTitle('Coupons');
  const [draft, setDraft] = useState<{ status: string; code: string }>({ status: '', code: '' });
  const [filters, setFilters] = useState<Filters>({});
  const list = useCursorList({
    queryKey: ['admin', 'listCoupons', filters],
    fetchPage: (cursor: number | undefined) =>
      call('listCoupons', { query: { ...filters, limit: PAGE, before: cursor } }),
    nextCursor: (page) => page.next_before,
    field: 'coupons',
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters({
      ...(draft.status ? { status: draft.status as CouponStatus } : {}),
      ...(draft.code.trim() ? { code: draft.code.trim() } : {}),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Coupons</h1>
          <p className="mt-1 text-muted">
            Shoppers type these at checkout. A change holds for the next order at once.
          </p>
        </div>
        <Link to="/coupons/new" className={buttonClass('accent')}>
          New coupon
        </Link>
      </div>

      <form
        noValidate
        onSubmit={apply}
        aria-label="Filter coupons"
        className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-white p-4 md:grid-cols-[14rem_1fr_auto_auto] md:items-start md:gap-4 md:p-5"
      >
        <SelectField
          label="Status"
          options={[
            { value: '', label: 'Any status' },
            ...COUPON_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
          ]}
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value })}
        />
        <TextField
          label="Code starts with"
          value={draft.code}
          onChange={(e) => setDraft({ ...draft, code: e.target.value })}
        />
        <button type="submit" className={buttonClass('primary', 'md:mt-7')}>
          Filter
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'md:mt-7')}
          onClick={() => {
            setDraft({ status: '', code: '' });
            setFilters({});
          }}
        >
          Clear
        </button>
      </form>

      <section
        aria-labelledby="coupon-list"
        className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
      >
        <h2 id="coupon-list" className="sr-only">
          Coupons
        </h2>
        <PagedList list={list} loading="Loading coupons…" empty="No coupons match these filters.">
          {(coupons) => <CouponTable coupons={coupons} />}
        </PagedList>
      </section>
    </div>
  );
}

function CouponTable({ coupons }: { coupons: AdminCoupon[] }) {
  return (
    <Table
      caption="Coupons, newest first"
      columns={[
        'Code',
        'Discount',
        'Rules',
        'Uses',
        'Status',
        { label: <span className="sr-only">Actions</span> },
      ]}
    >
      {coupons.map((c) => (
        <CouponRow key={c.id} coupon={c} />
      ))}
    </Table>
  );
}

function CouponRow({ coupon: c }: { coupon: AdminCoupon }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => call('updateCoupon', { params: { id: c.id }, body: { active: !c.active } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listCoupons'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
  return (
    <tr className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4">
      <td className={`${cell} ${border}`}>
        <span className="font-mono text-base font-bold">{c.code}</span>
        {c.description && <span className="block text-muted">{c.description}</span>}
      </td>
      <td className={`${cell} ${border} font-semibold whitespace-nowrap`}>{discountText(c)}</td>
      <td className={`${cell} ${border}`}>
        <ul className="space-y-0.5 text-muted">
          {rulesText(c).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </td>
      <td className={`${cell} ${border}`}>
        <span className="font-semibold">{usesText(c)}</span>
        <span className="block text-muted">
          {c.paid_orders} paid order{c.paid_orders === 1 ? '' : 's'},{' '}
          {formatRupees(c.paid_discount)} off
        </span>
      </td>
      <td className={`${cell} ${border}`}>
        <StatusBadge status={c.status} />
      </td>
      <td className={`${border} px-3 py-3 align-top max-md:block max-md:px-0 max-md:pt-3`}>
        <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
          <Link
            to={`/coupons/${c.id}`}
            className={smallButtonClass('ghost')}
            aria-label={`Edit ${c.code}`}
          >
            Edit
          </Link>
          <button
            type="button"
            className={smallButtonClass('ghost')}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate()}
            aria-label={`${c.active ? 'Deactivate' : 'Reactivate'} ${c.code}`}
          >
            {c.active ? 'Deactivate' : 'Reactivate'}
          </button>
        </div>
        {toggle.error && (
          <p role="alert" className="mt-2 max-w-xs text-sm font-medium text-sale md:ml-auto">
            {errorText(toggle.error)}
          </p>
        )}
      </td>
    </tr>
  );
}
