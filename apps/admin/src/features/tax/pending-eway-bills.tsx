// The Tax page's list of invoices above ₹50,000 still without an e-way bill (decision 072):
// ready to ship or shipped, each with its order; staff tick some (all at first) and download
// one JSON for ewaybillgst.gov.in's Generate Bulk. Shown only while there are some.
import { adminEndpoints } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { callQuery } from '@/api/client';
import { smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { formatPaise } from '@/ui/money';

export function PendingEwayBills() {
  const pending = useQuery(callQuery('pendingEwayBills'));
  const list = pending.data?.invoices ?? [];
  // Order ids left out of the download; everything listed is in it until unticked.
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  if (list.length === 0) return null;
  const chosen = list.filter((r) => !left.has(r.order_id)).map((r) => r.order_id);
  const toggle = (id: number) =>
    setLeft((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section
      aria-labelledby="pending-eway-bills"
      className="space-y-3 rounded-2xl border border-line bg-white p-4 md:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pending-eway-bills" className="text-lg font-bold">
          E-way bill missing: {list.length === 1 ? '1 invoice' : `${list.length} invoices`}
        </h2>
        {chosen.length > 0 ? (
          <a
            href={`${adminEndpoints.ewayBillsJson.path}?ids=${chosen.join(',')}`}
            download
            className={smallButtonClass('primary')}
          >
            Download JSON ({chosen.length})
          </a>
        ) : (
          <span className="text-sm text-muted">Tick the invoices to download.</span>
        )}
      </div>
      <p className="text-sm text-muted">
        Above ₹50,000 (Rule 138) goods travel with an e-way bill. Upload the JSON on
        ewaybillgst.gov.in (e-Way Bill › Generate Bulk), then enter each number on its order.
      </p>
      <ul className="divide-y divide-line text-sm">
        {list.map((r) => (
          <li key={r.order_id} className="flex items-start gap-3 py-2">
            <input
              type="checkbox"
              className="mt-1 size-4 shrink-0"
              checked={!left.has(r.order_id)}
              onChange={() => toggle(r.order_id)}
              aria-label={`Include invoice ${r.number}`}
            />
            <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-3">
              <p className="font-semibold">
                Invoice {r.number} ·{' '}
                <Link to={`/orders/${r.order_id}`} className="underline">
                  Order #{r.order_id}
                </Link>
                {r.b2b && ' · B2B'}
              </p>
              <p className="text-muted">
                <span className="tabular-nums">{formatPaise(r.total_paise)}</span> ·{' '}
                {r.order_status === 'Shipped' ? 'shipped' : 'ready to ship'} ·{' '}
                {formatDateTime(r.issued_at)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
