// A coupon's status as a coloured label.
import type { CouponStatus } from '@kitroom/contract/admin';

export const STATUS_LABEL: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used-up': 'Used up',
  inactive: 'Deactivated',
};

const tone: Record<CouponStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800',
  scheduled: 'bg-sky-50 text-sky-800',
  expired: 'bg-paper text-muted',
  'used-up': 'bg-amber-50 text-amber-800',
  inactive: 'bg-red-50 text-sale',
};

export function StatusBadge({ status }: { status: CouponStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${tone[status]}`}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}
