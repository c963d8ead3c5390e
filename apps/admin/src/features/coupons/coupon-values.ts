// The coupon form's text fields to and from the contract's coupon: rupees and counts as
// numbers ('' is none), dates as Indian local time in a datetime-local field.
import type { AdminCoupon, CouponInput } from '@kitroom/contract/admin';
import { fromIndianLocal, toIndianLocal } from '@/ui/dates';

export interface CouponDraft {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  value: string;
  max_discount: string;
  min_order: string;
  starts_at: string;
  ends_at: string;
  max_uses: string;
  max_uses_per_user: string;
  active: boolean;
  stacks_with_wholesale: boolean;
  product_ids: string;
  category_ids: number[];
}

export function emptyDraft(now = new Date()): CouponDraft {
  return {
    code: '',
    description: '',
    kind: 'percent',
    value: '',
    max_discount: '',
    min_order: '0',
    starts_at: toIndianLocal(now.toISOString()),
    ends_at: '',
    max_uses: '',
    max_uses_per_user: '',
    active: true,
    stacks_with_wholesale: false,
    product_ids: '',
    category_ids: [],
  };
}

const text = (n: number | null) => (n === null ? '' : String(n));

export function draftOf(c: AdminCoupon): CouponDraft {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    value: String(c.value),
    max_discount: text(c.max_discount),
    min_order: String(c.min_order),
    starts_at: toIndianLocal(c.starts_at),
    ends_at: c.ends_at ? toIndianLocal(c.ends_at) : '',
    max_uses: text(c.max_uses),
    max_uses_per_user: text(c.max_uses_per_user),
    active: c.active,
    stacks_with_wholesale: c.stacks_with_wholesale,
    product_ids: c.product_ids.join(', '),
    category_ids: c.category_ids,
  };
}

/** A number, or the text itself so that the contract names what is wrong with it. */
const numberOf = (v: string): number | string =>
  v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
const optionalNumber = (v: string) => (v.trim() === '' ? null : numberOf(v));

/** What the form sends; the contract's CouponInput checks it. */
export function inputOf(d: CouponDraft): Record<keyof CouponInput, unknown> {
  return {
    code: d.code,
    description: d.description,
    kind: d.kind,
    value: numberOf(d.value),
    max_discount: d.kind === 'flat' ? null : optionalNumber(d.max_discount),
    min_order: d.min_order.trim() === '' ? 0 : numberOf(d.min_order),
    starts_at: fromIndianLocal(d.starts_at),
    ends_at: d.ends_at ? fromIndianLocal(d.ends_at) : null,
    max_uses: optionalNumber(d.max_uses),
    max_uses_per_user: optionalNumber(d.max_uses_per_user),
    active: d.active,
    stacks_with_wholesale: d.stacks_with_wholesale,
    product_ids: d.product_ids
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((id) => numberOf(id.replace(/^#/, ''))),
    category_ids: d.category_ids,
  };
}
