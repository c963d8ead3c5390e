// The order's credit notes (decision 028), under its invoice: each note's number, date, why
// it was issued and its total, with its PDF. Issued by the cancel and return steps, so the
// list is read again whenever the order's timeline grows.
import { adminEndpoints, type AdminOrderResponse } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { call, errorText, keyOf } from '@/api/client';
import { smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { formatPaise } from '@/ui/money';
import { Panel } from './order-panels';

export function CreditNotesCard({ data }: { data: AdminOrderResponse }) {
  const id = String(data.order.id);
  const notes = useQuery({
    queryKey: [...keyOf('orderCreditNotes', { params: { id } }), data.events.length],
    queryFn: () => call('orderCreditNotes', { params: { id } }),
  });
  if (!data.invoice) return null;
  const list = notes.data?.credit_notes ?? [];
  return (
    <Panel id="order-tax-documents" title="Invoice and credit notes">
      <ul className="space-y-3 text-sm">
        <li className="flex flex-wrap items-center justify-between gap-3">
          <span>
            <span className="font-semibold">Invoice {data.invoice.number}</span>
            <span className="block text-muted">
              {formatDateTime(data.invoice.issued_at)} · {formatPaise(data.invoice.total_paise)}
            </span>
          </span>
        </li>
        {list.map((n) => (
          <li key={n.id} className="flex flex-wrap items-center justify-between gap-3">
            <span className="min-w-0">
              <span className="font-semibold">Credit note {n.number}</span>
              <span className="block text-muted">
                {formatDateTime(n.issued_at)} · −{formatPaise(n.total_paise)}
                {n.reason ? ` · ${n.reason}` : ''}
              </span>
              {n.irn_status && (
                <span
                  className={`block text-xs break-all ${n.irn_status.startsWith('IRN pending') ? 'font-semibold text-sale' : 'text-muted'}`}
                >
                  {n.irn_status}
                </span>
              )}
            </span>
            <a
              href={adminEndpoints.creditNotePdf.path.replace(':id', String(n.id))}
              target="_blank"
              rel="noopener"
              aria-label={`Download credit note ${n.number}`}
              className={smallButtonClass('ghost')}
            >
              PDF
            </a>
          </li>
        ))}
      </ul>
      {notes.error && <p className="mt-2 text-sm text-sale">{errorText(notes.error)}</p>}
      {notes.data && list.length === 0 && (
        <p className="mt-2 text-sm text-muted">
          No credit notes: one is issued when the order is canceled or a return comes back.
        </p>
      )}
    </Panel>
  );
}
