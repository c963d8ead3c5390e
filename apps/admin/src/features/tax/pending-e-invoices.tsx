// The Tax page's list of e-invoices still pending on the IRP (decision 068): each B2B invoice
// or credit note whose IRN has not come, why, and a link to its order, where staff register
// it again. Shown only while there are some.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callQuery } from '@/api/client';
import { formatDateTime } from '@/ui/dates';

export function PendingEInvoices() {
  const pending = useQuery(callQuery('pendingEInvoices'));
  const list = pending.data?.e_invoices ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-e-invoices"
      className="space-y-3 rounded-2xl border border-sale/40 bg-sale/5 p-4 md:p-5"
    >
      <h2 id="pending-e-invoices" className="text-lg font-bold">
        IRN pending: {list.length === 1 ? '1 document' : `${list.length} documents`}
      </h2>
      <p className="text-sm text-muted">
        These B2B documents are not valid for the buyer&rsquo;s input tax credit until the Invoice
        Registration Portal gives them an IRN.
      </p>
      <ul className="divide-y divide-sale/20 text-sm">
        {list.map((e) => (
          <li key={e.number} className="flex flex-wrap items-start justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="font-semibold">
                {e.kind === 'invoice' ? 'Invoice' : 'Credit note'} {e.number} ·{' '}
                <Link to={`/orders/${e.order_id}`} className="underline">
                  Order #{e.order_id}
                </Link>
              </p>
              <p className="break-words text-sale">{e.reason}</p>
            </div>
            <p className="text-muted">
              {formatDateTime(e.issued_at)}
              {e.attempts > 0 && ` · ${e.attempts === 1 ? '1 try' : `${e.attempts} tries`}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
