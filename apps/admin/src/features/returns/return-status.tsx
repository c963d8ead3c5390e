// A request's status as a badge, and its title ('Exchange #7'), shared by the list and a request.
import { RETURN_STATUS_LABELS, type ReturnKind, type ReturnStatus } from '@kitroom/contract';

const TONE: Record<ReturnStatus, string> = {
  requested: 'bg-amber-50 text-amber-800',
  approved: 'bg-sky-50 text-sky-800',
  rejected: 'bg-red-50 text-sale',
  received: 'bg-emerald-50 text-emerald-800',
  shipped: 'bg-emerald-50 text-emerald-800',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONE[status]}`}>
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}

export function returnTitle(r: { id: number; kind: ReturnKind }): string {
  return `${r.kind === 'exchange' ? 'Exchange' : 'Return'} #${r.id}`;
}
