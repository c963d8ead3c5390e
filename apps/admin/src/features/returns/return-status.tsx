// A request's status as a badge, the "Faulty" flag, and its title ('Exchange #7'), shared by
// the list and a request.
import { RETURN_STATUS_LABELS, type ReturnKind, type ReturnStatus } from '@kitroom/contract';

const TONE: Record<ReturnStatus, string> = {
  requested: 'bg-amber-50 text-amber-800',
  approved: 'bg-sky-50 text-sky-800',
  rejected: 'bg-red-50 text-sale',
  received: 'bg-emerald-50 text-emerald-800',
  shipped: 'bg-emerald-50 text-emerald-800',
  delivered: 'bg-emerald-50 text-emerald-800',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONE[status]}`}>
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The shopper says the pieces arrived damaged or faulty (decision 051): staff inspect them
 * before deciding. A printed shirt is only ever asked back this way.
 */
export function FaultyBadge() {
  return (
    <span
      title="The shopper says the pieces arrived damaged or faulty: inspect them"
      className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-sale"
    >
      Faulty
    </span>
  );
}

export function returnTitle(r: { id: number; kind: ReturnKind }): string {
  return `${r.kind === 'exchange' ? 'Exchange' : 'Return'} #${r.id}`;
}
