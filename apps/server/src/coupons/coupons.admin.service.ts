// Coupons as staff run them: the list with status and use counts, create and edit with every
// rule checkout applies (coupons.service.ts reads the row on every check, nothing is cached,
// so an edit holds for the next shopper at once), each change audited in its transaction.
import { paiseToRupees, rupeesToPaise } from '@kitroom/contract';
import {
  COUPON_CODE_TAKEN,
  CouponInput,
  type AdminCoupon,
  type CouponListResponse,
  type CouponPatch,
  type CouponQuery,
  type CouponStatus,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './coupons.queries.js';

export const COUPON_NOT_FOUND = 'Coupon not found.';

const iso = (v: Date | string) => new Date(v).toISOString();

/** Where a coupon stands now, in the order checkout refuses it. */
export function couponStatus(row: q.CouponRow, now: Date): CouponStatus {
  if (!row.active) return 'inactive';
  if (row.ends_at !== null && new Date(row.ends_at) <= now) return 'expired';
  if (row.max_uses !== null && row.used_count >= row.max_uses) return 'used-up';
  if (new Date(row.starts_at) > now) return 'scheduled';
  return 'active';
}

function toAdminCoupon(row: q.AdminCouponRow, now: Date): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.kind === 'flat' ? paiseToRupees(row.value) : row.value,
    max_discount: row.max_discount_paise === null ? null : paiseToRupees(row.max_discount_paise),
    min_order: paiseToRupees(row.min_order_paise),
    starts_at: iso(row.starts_at),
    ends_at: row.ends_at === null ? null : iso(row.ends_at),
    max_uses: row.max_uses,
    max_uses_per_user: row.max_uses_per_user,
    active: row.active,
    stacks_with_wholesale: row.stacks_with_wholesale,
    product_ids: row.product_ids.map(Number),
    category_ids: row.category_ids.map(Number),
    status: couponStatus(row, now),
    used_count: row.used_count,
    paid_orders: Number(row.paid_orders),
    paid_discount: paiseToRupees(Number(row.paid_discount_paise)),
  };
}

/** The fields staff set, as the audit log keeps them (rupees, ISO instants). */
function editable(c: AdminCoupon) {
  const { status: _s, used_count: _u, paid_orders: _p, paid_discount: _d, id: _i, ...rest } = c;
  return rest;
}

type Input = z.output<typeof CouponInput>;

function valuesOf(c: Input): q.CouponValues {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    value: c.kind === 'flat' ? rupeesToPaise(c.value) : c.value,
    maxDiscountPaise: c.max_discount === null ? null : rupeesToPaise(c.max_discount),
    minOrderPaise: rupeesToPaise(c.min_order),
    startsAt: c.starts_at,
    endsAt: c.ends_at,
    maxUses: c.max_uses,
    maxUsesPerUser: c.max_uses_per_user,
    active: c.active,
    stacksWithWholesale: c.stacks_with_wholesale ?? false,
  };
}

/** Refuses restrictions naming products or categories that do not exist. */
async function checkRestrictions(db: Queryable, c: Input): Promise<void> {
  const products = await q.missingIds(db, 'products', c.product_ids);
  if (products.length > 0)
    throw new Invalid(`Product ids: there is no product #${products.join(', #')}`);
  const categories = await q.missingIds(db, 'categories', c.category_ids);
  if (categories.length > 0) {
    throw new Invalid(`Categories: there is no category #${categories.join(', #')}`);
  }
}

/** A page of coupons, newest first; `next_before` pages on. */
export async function listCoupons(
  db: Queryable,
  query: z.output<typeof CouponQuery>,
  now = new Date(),
): Promise<CouponListResponse> {
  const rows = await q.listCoupons(db, {
    status: query.status,
    codePrefix: query.code || undefined,
    beforeId: query.before,
    limit: query.limit,
    now,
  });
  const coupons = rows.map((r) => toAdminCoupon(r, now));
  const last = coupons.at(-1);
  return { coupons, next_before: coupons.length === query.limit && last ? last.id : null };
}

export async function getCoupon(db: Queryable, id: number, now = new Date()) {
  const row = await q.adminCoupon(db, id);
  if (!row) throw new NotFound(COUPON_NOT_FOUND);
  return toAdminCoupon(row, now);
}

export async function couponOptions(db: Queryable) {
  return { categories: await q.categoryOptions(db) };
}

/** Creates a coupon; a code in use is refused with 409. */
export async function createCoupon(
  db: Queryable,
  actor: Actor,
  input: Input,
): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    await checkRestrictions(tx, input);
    const id = await q.insertAdminCoupon(tx, valuesOf(input));
    if (id === undefined) throw new Conflict(COUPON_CODE_TAKEN);
    await q.setCouponRestrictions(tx, id, input.product_ids, input.category_ids);
    const coupon = await getCoupon(tx, id);
    await record(tx, actor, {
      entity: 'coupon',
      entityId: id,
      action: 'create',
      after: editable(coupon),
    });
    return coupon;
  });
}

/**
 * Changes the given fields; the rules are checked on the coupon as it will be. The row is
 * locked first, so the limit cannot drop below uses a checkout counts meanwhile.
 */
export async function updateCoupon(
  db: Queryable,
  actor: Actor,
  id: number,
  patch: z.output<typeof CouponPatch>,
): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    const locked = await q.lockCouponForEdit(tx, id);
    if (!locked) throw new NotFound(COUPON_NOT_FOUND);
    const before = await getCoupon(tx, id);
    const parsed = CouponInput.safeParse({ ...editable(before), ...patch });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.map(String).join('.') ?? '';
      throw new Invalid(`${where ? `${where}: ` : ''}${issue?.message ?? 'not valid'}`);
    }
    const next = parsed.data;
    if (next.max_uses !== null && next.max_uses < locked.used_count) {
      throw new Invalid(
        `max_uses: ${locked.used_count} uses are counted already; the limit cannot be lower`,
      );
    }
    if (next.code !== before.code && (await q.codeTaken(tx, next.code, id))) {
      throw new Conflict(COUPON_CODE_TAKEN);
    }
    await checkRestrictions(tx, next);
    await q.updateAdminCoupon(tx, id, valuesOf(next));
    await q.setCouponRestrictions(tx, id, next.product_ids, next.category_ids);
    const after = await getCoupon(tx, id);
    await record(tx, actor, {
      entity: 'coupon',
      entityId: id,
      action: patch.active === false && before.active ? 'deactivate' : 'update',
      before: editable(before),
      after: editable(after),
    });
    return after;
  });
}
