// /admin/customers/:id (customers.read): one shopper — what their orders are worth to the shop,
// returns and parcels returned to origin, their orders (each opening its page), account,
// wholesale status, addresses, staff notes and any erasure — and what staff may do for them,
// by role: a note and the cash-on-delivery block (customers.manage), starting the erasure the
// shopper asked for (customers.erase, the owner). A button a role may not use says why.
import type { AdminCustomerResponse } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { useTitle } from '@/ui/use-title';
import { CodBlockDialog, EraseDialog } from './customer-dialogs';
import { Badges } from './customer-format';
import {
  AccountPanel,
  AddressesPanel,
  ErasurePanel,
  NotesPanel,
  OrdersPanel,
} from './customer-panels';

export const ERASE_OWNER_ONLY = 'Only the owner may start erasing an account.';

export function CustomerPage() {
  const { id = '' } = useParams();
  useTitle(`Customer #${id}`);
  const customer = useQuery(callQuery('getCustomer', { params: { id } }));
  return (
    <div className="space-y-6">
      <Link to="/customers" className="text-sm font-semibold text-muted underline">
        ← Customers
      </Link>
      {customer.error ? (
        <>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Customer #{id}</h1>
          <FormMessage text={errorText(customer.error)} />
        </>
      ) : !customer.data ? (
        <p role="status">Loading the customer…</p>
      ) : (
        <CustomerView data={customer.data} />
      )}
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-line bg-white p-4">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-muted">{hint}</dd>}
    </div>
  );
}

function CustomerView({ data }: { data: AdminCustomerResponse }) {
  const { customer, summary } = data;
  const queryClient = useQueryClient();
  const mayManage = useMay('customers.manage');
  const mayErase = useMay('customers.erase');
  const [dialog, setDialog] = useState<'block' | 'erase' | null>(null);
  const erased = customer.erased_at !== null;

  /** The shopper as an action returned them, for this page and the list. */
  const show = (next: AdminCustomerResponse) => {
    queryClient.setQueryData(keyOf('getCustomer', { params: { id: String(customer.id) } }), next);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'listCustomers'] });
  };
  const allow = useMutation({
    mutationFn: () =>
      call('setCustomerCodBlock', { params: { id: customer.id }, body: { blocked: false } }),
    onSuccess: show,
  });

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold break-words uppercase md:text-4xl">
            {customer.name}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
            <span>
              Shopper #{customer.id} · signed up{' '}
              <time dateTime={customer.created_at}>{formatDateTime(customer.created_at)}</time>
            </span>
            <Badges
              className=""
              row={{
                erased,
                wholesale: data.wholesale?.status ?? null,
                cod_blocked: data.cod_block !== null,
              }}
            />
          </p>
        </div>
        {!erased && (
          <div className="flex flex-wrap gap-2 max-sm:w-full">
            {mayManage &&
              (data.cod_block ? (
                <button
                  type="button"
                  className={buttonClass('ghost')}
                  disabled={allow.isPending}
                  onClick={() => allow.mutate()}
                >
                  {allow.isPending ? 'Saving…' : 'Allow cash on delivery'}
                </button>
              ) : (
                <button
                  type="button"
                  className={buttonClass('ghost')}
                  onClick={() => setDialog('block')}
                >
                  Block cash on delivery
                </button>
              ))}
            {data.erasure?.state !== 'waiting' && (
              <div>
                <button
                  type="button"
                  className={buttonClass('ghost', 'text-sale')}
                  disabled={!mayErase}
                  aria-describedby={mayErase ? undefined : 'erase-why-not'}
                  onClick={() => setDialog('erase')}
                >
                  Erase account…
                </button>
                {!mayErase && (
                  <p id="erase-why-not" className="mt-1 max-w-56 text-xs text-muted">
                    {ERASE_OWNER_ONLY}
                  </p>
                )}
              </div>
            )}
          </div>
        )}
      </div>
      <FormMessage text={allow.error ? errorText(allow.error) : null} />
      {erased && (
        <p className="rounded-xl border border-line bg-paper px-4 py-3 text-sm">
          This account was erased on {formatDateTime(customer.erased_at!)} at the shopper’s request.
          Orders with a tax invoice keep the invoiced name and address for 72 months.
        </p>
      )}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Orders" value={String(summary.orders)} hint={`${summary.paid_orders} paid`} />
        {summary.lifetime_value_paise !== null && (
          <Stat
            label="Lifetime value"
            value={formatPaise(summary.lifetime_value_paise)}
            hint="Paid, less refunds"
          />
        )}
        <Stat label="Returns" value={String(summary.returns)} hint="Returns and exchanges" />
        <Stat
          label="Returned to origin"
          value={String(summary.returned_to_origin)}
          hint="Parcels the courier brought back"
        />
      </dl>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <OrdersPanel data={data} />
          <NotesPanel data={data} mayWrite={mayManage && !erased} onAdded={show} />
        </div>
        <div className="min-w-0 space-y-6">
          <AccountPanel data={data} />
          <AddressesPanel data={data} />
          {data.erasure && <ErasurePanel erasure={data.erasure} />}
        </div>
      </div>

      {dialog === 'block' && (
        <CodBlockDialog
          data={data}
          onClose={() => setDialog(null)}
          onDone={(next) => {
            show(next);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'erase' && (
        <EraseDialog
          data={data}
          onClose={() => setDialog(null)}
          onDone={(next) => {
            show(next);
            void queryClient.invalidateQueries({ queryKey: ['admin', 'listErasures'] });
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
