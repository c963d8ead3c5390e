// Affiliates and campaign codes as staff run them (add, rename, deactivate: an inactive code's
// clicks are recorded as invalid and credit no order, referrals.service.ts), each change
// audited; and the report of clicks, orders and revenue between Indian dates, the same one the
// command line prints (affiliateReport).
import { paiseToRupees } from '@kitroom/contract';
import {
  REFERRAL_CODE_TAKEN,
  type AdminAffiliate,
  type AdminCampaignCode,
  type CreateReferralCodeRequest,
  type ReferralListQuery,
  type ReferralReportQuery,
  type ReferralReportResponse,
  type UpdateReferralCodeRequest,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import { indianMidnight } from '../indian-days.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './referrals.queries.js';
import { affiliateReport, type AffiliateReportLine } from './referrals.service.js';

export type CodeKind = q.ClickKind;

const NOT_FOUND: Record<CodeKind, string> = {
  affiliate: 'Affiliate not found.',
  campaign: 'Campaign code not found.',
};
const ENTITY: Record<CodeKind, string> = { affiliate: 'affiliate', campaign: 'campaign-code' };

export function toCampaignCode(r: q.CodeRow): AdminCampaignCode {
  return {
    code: r.code,
    name: r.name,
    active: r.active,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export function toAffiliate(r: q.CodeRow): AdminAffiliate {
  if (r.id === undefined) throw new Error(`affiliate ${r.code} was read without its id`);
  return { id: r.id, ...toCampaignCode(r) };
}

/** A page of affiliates or campaign codes in code order; `next_after` pages on. */
export async function listCodes(
  db: Queryable,
  kind: CodeKind,
  query: z.output<typeof ReferralListQuery>,
): Promise<{ rows: q.CodeRow[]; next_after: string | null }> {
  const rows = await q.listCodes(db, kind, {
    after: query.after?.toUpperCase(),
    limit: query.limit,
  });
  const last = rows.at(-1);
  return { rows, next_after: rows.length === query.limit && last ? last.code : null };
}

/** Adds an affiliate or campaign code; a code in use is refused with 409. */
export async function createCode(
  db: Queryable,
  actor: Actor,
  kind: CodeKind,
  input: z.output<typeof CreateReferralCodeRequest>,
): Promise<q.CodeRow> {
  return db.transaction(async (tx) => {
    const row = await q.insertCode(tx, kind, input);
    if (!row) throw new Conflict(REFERRAL_CODE_TAKEN);
    await record(tx, actor, {
      entity: ENTITY[kind],
      entityId: row.id ?? row.code,
      action: 'create',
      after: { code: row.code, name: row.name, active: row.active },
    });
    return row;
  });
}

/** Renames or (de)activates an affiliate (by id) or campaign code (by code). */
export async function updateCode(
  db: Queryable,
  actor: Actor,
  kind: CodeKind,
  key: number | string,
  patch: z.output<typeof UpdateReferralCodeRequest>,
): Promise<q.CodeRow> {
  return db.transaction(async (tx) => {
    const before = await q.lockCode(tx, kind, key);
    if (!before) throw new NotFound(NOT_FOUND[kind]);
    const after = await q.updateCode(tx, kind, key, {
      name: patch.name ?? before.name,
      active: patch.active ?? before.active,
    });
    await record(tx, actor, {
      entity: ENTITY[kind],
      entityId: before.id ?? before.code,
      action: patch.active === false && before.active ? 'deactivate' : 'update',
      before: { name: before.name, active: before.active },
      after: { name: after.name, active: after.active },
    });
    return after;
  });
}

const line = (l: AffiliateReportLine) => ({
  code: l.code,
  name: l.name,
  active: l.active,
  clicks: l.clicks,
  orders: l.orders,
  paid_orders: l.paidOrders,
  paid_revenue: paiseToRupees(l.paidRevenuePaise),
});

/** The report between two Indian days (both included); open-ended without them. */
export async function referralReport(
  db: Queryable,
  query: z.output<typeof ReferralReportQuery>,
): Promise<ReferralReportResponse> {
  const report = await affiliateReport(db, {
    from: query.from === undefined ? undefined : indianMidnight(query.from),
    until: query.to === undefined ? undefined : indianMidnight(query.to, 1),
  });
  return {
    from: query.from ?? null,
    to: query.to ?? null,
    affiliates: report.affiliates.map(line),
    campaigns: report.campaigns.map(line),
    invalid_clicks: report.invalidClicks,
  };
}
