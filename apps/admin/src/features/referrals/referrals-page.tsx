// /admin/referrals (reports.read): the report of clicks, orders and revenue per affiliate and
// campaign code; staff who may run coupons (coupons.manage) also add and deactivate the codes.
import { useMay } from '@/api/session';
import { useTitle } from '@/ui/use-title';
import { ReferralCodes } from './referral-codes';
import { ReferralReport } from './referral-report';

export function ReferralsPage() {
  useTitle('Referrals');
  const mayManage = useMay('coupons.manage');
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Referrals</h1>
        <p className="mt-1 text-muted">
          Affiliates and campaign codes bring shoppers in; here is what they brought.
        </p>
      </div>
      <ReferralReport />
      {mayManage && (
        <div className="grid gap-6 xl:grid-cols-2">
          <ReferralCodes kind="affiliate" />
          <ReferralCodes kind="campaign" />
        </div>
      )}
    </div>
  );
}
