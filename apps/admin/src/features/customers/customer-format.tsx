// How a shopper's standing reads on the list and their page: erased, wholesale, cash on
// delivery blocked, as small badges.
import type { WholesaleStanding } from '@kitroom/contract/admin';

export const WHOLESALE_LABEL: Record<WholesaleStanding, string> = {
  pending: 'Wholesale: applied',
  approved: 'Wholesale',
  rejected: 'Wholesale: rejected',
};

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const badge = 'inline-block rounded-full px-2 py-0.5 align-middle text-xs font-bold';

export function Badges({
  row,
  className = 'ml-1.5',
}: {
  row: { erased: boolean; wholesale: WholesaleStanding | null; cod_blocked: boolean };
  className?: string;
}) {
  if (!row.erased && !row.wholesale && !row.cod_blocked) return null;
  return (
    <span className={`inline-flex flex-wrap gap-1 align-middle ${className}`}>
      {row.erased && <span className={`${badge} bg-paper text-muted`}>Erased</span>}
      {row.wholesale && (
        <span
          className={`${badge} ${row.wholesale === 'approved' ? 'bg-sky-100 text-sky-900' : 'bg-paper text-muted'}`}
        >
          {WHOLESALE_LABEL[row.wholesale]}
        </span>
      )}
      {row.cod_blocked && <span className={`${badge} bg-red-50 text-sale`}>COD blocked</span>}
    </span>
  );
}
