// A coupon's rules in words, as the list shows them.
import { formatRupees } from '@kitroom/contract';
import type { AdminCoupon } from '@kitroom/contract/admin';
import { formatDateTime } from '@/ui/dates';

export function discountText(c: AdminCoupon): string {
  if (c.kind === 'flat') return `${formatRupees(c.value)} off`;
  const cap = c.max_discount === null ? '' : `, at most ${formatRupees(c.max_discount)}`;
  return `${c.value}% off${cap}`;
}

export function rulesText(c: AdminCoupon): string[] {
  const rules: string[] = [];
  if (c.min_order > 0) rules.push(`Orders of ${formatRupees(c.min_order)} or more`);
  if (c.product_ids.length > 0 || c.category_ids.length > 0) {
    const parts = [
      c.category_ids.length > 0
        ? `${c.category_ids.length} categor${c.category_ids.length === 1 ? 'y' : 'ies'}`
        : '',
      c.product_ids.length > 0
        ? `${c.product_ids.length} product${c.product_ids.length === 1 ? '' : 's'}`
        : '',
    ].filter(Boolean);
    rules.push(`Only ${parts.join(' and ')}`);
  }
  if (c.max_uses_per_user !== null) {
    rules.push(`${c.max_uses_per_user} use${c.max_uses_per_user === 1 ? '' : 's'} per shopper`);
  }
  rules.push(
    c.ends_at
      ? `${formatDateTime(c.starts_at)} to ${formatDateTime(c.ends_at)}`
      : `From ${formatDateTime(c.starts_at)}`,
  );
  return rules;
}

export function usesText(c: AdminCoupon): string {
  return c.max_uses === null ? `${c.used_count} used` : `${c.used_count} of ${c.max_uses} used`;
}
