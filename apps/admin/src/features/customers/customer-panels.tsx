// The customer page's panels: their newest orders, staff notes with the form for one, the
// account (contact, wholesale status, cash on delivery), the addresses and any erasure.
import {
  CustomerNoteRequest,
  type AddressLabel,
  type AdminCustomerResponse,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { call, errorText } from '@/api/client';
import { useMay } from '@/api/session';
import { smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, TextAreaField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { PAYMENT_LABEL, STAGE_LABEL, STAGE_TONE } from '@/ui/order-stage';
import { useRequestForm } from '@/ui/request-form';
import { plural, WHOLESALE_LABEL } from './customer-format';

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function OrdersPanel({ data }: { data: AdminCustomerResponse }) {
  const { orders, summary, customer } = data;
  return (
    <Panel id="customer-orders" title={`Orders (${summary.orders})`}>
      {orders.length === 0 ? (
        <p className="text-sm text-muted">No orders yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {orders.map((o) => (
            <li
              key={o.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 first:pt-0"
            >
              <Link
                to={`/orders/${o.id}`}
                className="min-w-16 font-bold underline-offset-2 hover:underline"
              >
                #{o.id}
              </Link>
              {/* On a phone the date goes under the order's number, its stage and total. */}
              <span className="min-w-0 flex-1 text-sm text-muted max-sm:order-last max-sm:basis-full">
                <time dateTime={o.created_at}>{formatDateTime(o.created_at)}</time> ·{' '}
                {plural(o.items, 'piece', 'pieces')}
              </span>
              <span
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap max-sm:ml-auto ${STAGE_TONE[o.stage]}`}
              >
                {STAGE_LABEL[o.stage]}
              </span>
              {o.payment_status !== 'SUCCESS' && o.stage !== 'pending' && (
                <span className="text-xs font-semibold text-muted">
                  {PAYMENT_LABEL[o.payment_status]}
                </span>
              )}
              {o.total_paise !== null && (
                <span className="text-right font-semibold tabular-nums sm:w-24">
                  {formatPaise(o.total_paise)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {summary.orders > orders.length && (
        <Link
          to={`/orders?user_id=${customer.id}`}
          className="mt-3 inline-block text-sm font-semibold underline"
        >
          All {summary.orders} orders
        </Link>
      )}
    </Panel>
  );
}

export function NotesPanel({
  data,
  mayWrite,
  onAdded,
}: {
  data: AdminCustomerResponse;
  mayWrite: boolean;
  onAdded: (next: AdminCustomerResponse) => void;
}) {
  const form = useRequestForm(CustomerNoteRequest, { defaultValues: { note: '' } });
  const add = useMutation({
    mutationFn: (text: string) =>
      call('addCustomerNote', { params: { id: data.customer.id }, body: { note: text } }),
    onSuccess: (next) => {
      form.reset({ note: '' });
      onAdded(next);
    },
  });

  return (
    <Panel id="customer-notes" title="Notes">
      {data.notes.length === 0 ? (
        <p className="text-sm text-muted">No notes yet.</p>
      ) : (
        <ul className="space-y-3">
          {data.notes.map((n) => (
            <li key={n.id}>
              <p className="rounded-lg bg-paper px-3 py-2 text-sm break-words whitespace-pre-line">
                {n.note}
              </p>
              <p className="mt-1 text-xs text-muted">
                {n.staff_name} · <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {mayWrite && (
        <form
          onSubmit={(event) => void form.handleSubmit((body) => add.mutate(body.note))(event)}
          className="mt-5 space-y-2 border-t border-line pt-4"
          noValidate
        >
          <TextAreaField
            label="Add a note for staff"
            hint="The shopper sees notes if they download their data."
            rows={2}
            {...form.register('note')}
            error={form.formState.errors.note?.message}
          />
          <FormMessage text={add.error ? errorText(add.error) : null} />
          <button type="submit" className={smallButtonClass('primary')} disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </button>
        </form>
      )}
    </Panel>
  );
}

/** A label above its value: the panel is a narrow column on a desktop too. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

export function AccountPanel({ data }: { data: AdminCustomerResponse }) {
  const { customer, wholesale, cod_block: block } = data;
  const mayWholesale = useMay('wholesale.manage');
  return (
    <Panel id="customer-account" title="Account">
      <dl className="space-y-3 text-sm">
        <Row label="Email">
          {customer.erased_at ? (
            'Erased'
          ) : (
            <a href={`mailto:${customer.email}`} className="break-all underline">
              {customer.email}
            </a>
          )}
        </Row>
        <Row label="Phone">
          {customer.phone ? (
            <a href={`tel:+91${customer.phone}`} className="underline">
              {customer.phone}
            </a>
          ) : (
            '—'
          )}
        </Row>
        <Row label="Wholesale">
          {wholesale ? (
            <>
              {WHOLESALE_LABEL[wholesale.status]} · {wholesale.shop_name}
              {mayWholesale && (
                <Link to="/wholesale" className="ml-1 font-semibold underline">
                  Applications
                </Link>
              )}
            </>
          ) : (
            'Never applied'
          )}
        </Row>
        <Row label="Cash on delivery">
          {block ? (
            <span className="text-sale">
              <strong>Blocked</strong> since {formatDateTime(block.blocked_at)} by{' '}
              {block.staff_name}: {block.reason}
            </span>
          ) : (
            'Allowed'
          )}
        </Row>
      </dl>
    </Panel>
  );
}

function Address({ address }: { address: AddressLabel }) {
  return (
    <address className="text-sm not-italic">
      <span className="font-semibold">{address.name}</span>
      <br />
      {address.street}, {address.city}
      <br />
      {address.state} {address.pincode} · {address.phone}
    </address>
  );
}

export function AddressesPanel({ data }: { data: AdminCustomerResponse }) {
  const { saved_address: saved, order_addresses: used } = data;
  return (
    <Panel id="customer-addresses" title="Addresses">
      {!saved && used.length === 0 ? (
        <p className="text-sm text-muted">No address yet.</p>
      ) : (
        <ul className="space-y-4">
          {saved && (
            <li>
              <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
                Saved with the account
              </p>
              <Address address={saved} />
            </li>
          )}
          {used.map((a, i) => (
            <li key={i}>
              <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
                {plural(a.orders, 'order', 'orders')} · last {formatDateTime(a.last_used_at)}
              </p>
              <Address address={a.address} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function ErasurePanel({
  erasure,
}: {
  erasure: NonNullable<AdminCustomerResponse['erasure']>;
}) {
  return (
    <Panel id="customer-erasure" title="Erasure">
      {erasure.state === 'waiting' ? (
        <>
          <p className="text-sm">
            <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              Waiting
            </span>{' '}
            since {formatDateTime(erasure.requested_at)}
          </p>
          {erasure.waiting_reason && (
            <p className="mt-2 text-sm text-muted">{erasure.waiting_reason}</p>
          )}
        </>
      ) : (
        <p className="text-sm">
          <span className="inline-flex rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
            Done
          </span>{' '}
          {erasure.done_at && formatDateTime(erasure.done_at)}
        </p>
      )}
      <Link to="/erasures" className="mt-3 inline-block text-sm font-semibold underline">
        Account deletions
      </Link>
    </Panel>
  );
}
