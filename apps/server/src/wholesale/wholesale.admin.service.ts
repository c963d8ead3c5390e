// Wholesale in the back office: applications as staff read them (with a check of the GSTIN),
// approval onto a price list or rejection with a reason (audited, the shop mailed through the
// outbox), and the price lists themselves (decision 045).
import {
  GST_STATE_CODES,
  GSTIN_PATTERN,
  INDIAN_STATES,
  isValidGstin,
  WholesaleStatus,
  type IndianState,
} from '@kitroom/contract';
import {
  PriceRule,
  PriceTier,
  RegisteredBusiness,
  type AdminWholesaleApplication,
  type PriceList,
  type PriceListInput,
  type PriceListListResponse,
  type WholesaleApplicationListResponse,
  type WholesaleApplicationQuery,
} from '@kitroom/contract/admin';
import { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { enqueue } from '../notifications/index.js';
import { checkPincodeState } from '../pincodes/index.js';
import { record, type Actor } from '../staff/index.js';
import { wholesaleDecided, type WholesaleDecidedData } from './wholesale-decided.mail.js';
import * as q from './wholesale.queries.js';

export const APPLICATION_NOT_FOUND = 'Wholesale application not found.';
export const PRICE_LIST_NOT_FOUND = 'Price list not found.';
export const PRICE_LIST_NAME_TAKEN = 'Another price list has this name.';
export const ALREADY_REJECTED = 'This application is already rejected.';

const iso = (v: Date | string) => new Date(v).toISOString();

const STATE_OF_CODE = new Map(
  Object.entries(GST_STATE_CODES).map(([state, code]) => [code, state as IndianState]),
);
// Longest names first, so that a location naming "Andhra Pradesh" is not read as a shorter one.
const STATES_LONGEST_FIRST = [...INDIAN_STATES].sort((a, b) => b.length - a.length);

/** The Indian state a free-text location names, if it names one. */
export function stateNamedIn(location: string): IndianState | null {
  const text = location.toLowerCase();
  return (
    STATES_LONGEST_FIRST.find((s) =>
      new RegExp(`(^|[^a-z])${s.toLowerCase()}([^a-z]|$)`).test(text),
    ) ?? null
  );
}

/** Format, check character, and whether the GSTIN's state is the one the location names. */
export function gstinCheck(
  gst: string | null,
  location: string,
): AdminWholesaleApplication['gstin_check'] {
  if (gst === null) return null;
  const gstin = gst.trim().toUpperCase();
  const gstinState = STATE_OF_CODE.get(gstin.slice(0, 2)) ?? null;
  const locationState = stateNamedIn(location);
  return {
    format_ok: GSTIN_PATTERN.test(gstin),
    checksum_ok: isValidGstin(gstin),
    gstin_state: gstinState,
    location_state: locationState,
    state_matches: locationState === null ? null : gstinState === locationState,
  };
}

function toApplication(r: q.AdminApplicationRow): AdminWholesaleApplication {
  return {
    id: r.id,
    shop_name: r.shop_name,
    shop_location: r.shop_location,
    gst: r.gst,
    requesting_person: r.requesting_person,
    contact_number: r.contact_number,
    about_shop: r.about_shop,
    status: WholesaleStatus.parse(r.status),
    created_at: iso(r.created_at),
    user: { id: r.user_id, name: r.user_name, email: r.user_email },
    gstin_check: gstinCheck(r.gst, r.shop_location),
    price_list:
      r.price_list_id === null ? null : { id: r.price_list_id, name: r.price_list_name ?? '' },
    reject_reason: r.reject_reason,
    decided_at: r.decided_at === null ? null : iso(r.decided_at),
    registered: registeredOf(r.registered),
  };
}

/** A stored registered business, or null when none was entered. */
function registeredOf(stored: unknown): RegisteredBusiness | null {
  const parsed = RegisteredBusiness.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/**
 * Why a registered business cannot be the shop's: its pincode is not in its state (the
 * shipping domain's check), or its state is not the one the shop's GSTIN is registered in.
 */
async function registeredProblem(
  gst: string | null,
  r: RegisteredBusiness,
): Promise<string | null> {
  const pincode = await checkPincodeState(r.pincode, r.state);
  if (pincode !== null) return pincode;
  const gstin = gst?.trim().toUpperCase() ?? '';
  const gstinState = isValidGstin(gstin) ? STATE_OF_CODE.get(gstin.slice(0, 2)) : undefined;
  if (gstinState !== undefined && gstinState !== r.state) {
    return `GSTIN ${gstin} is registered in ${gstinState} (${GST_STATE_CODES[gstinState]}), not ${r.state}.`;
  }
  return null;
}

/** A page of applications, newest first; `next_before` pages on. */
export async function listApplications(
  db: Queryable,
  query: z.output<typeof WholesaleApplicationQuery>,
): Promise<WholesaleApplicationListResponse> {
  const rows = await q.listApplications(db, {
    status: query.status,
    beforeId: query.before,
    limit: query.limit,
  });
  const applications = rows.map(toApplication);
  const last = applications.at(-1);
  return {
    applications,
    next_before: applications.length === query.limit && last ? last.id : null,
  };
}

type Decision =
  | { status: 'approved'; priceListId: number; registered: RegisteredBusiness | null }
  | { status: 'rejected'; reason: string };

async function decide(
  db: Queryable,
  actor: Actor,
  id: number,
  decision: Decision,
  wholesaleUrl: string,
): Promise<AdminWholesaleApplication> {
  return db.transaction(async (tx) => {
    const before = await q.adminApplication(tx, id, true);
    if (!before) throw new NotFound(APPLICATION_NOT_FOUND);
    if (decision.status === 'rejected' && before.status === 'rejected') {
      throw new Conflict(ALREADY_REJECTED);
    }
    if (decision.status === 'approved' && !(await q.priceList(tx, decision.priceListId))) {
      throw new Invalid(PRICE_LIST_NOT_FOUND);
    }
    const registered = decision.status === 'approved' ? decision.registered : null;
    const problem = registered && (await registeredProblem(before.gst, registered));
    if (problem) throw new Invalid(problem);
    const now = new Date();
    await q.decideApplication(tx, id, {
      status: decision.status,
      priceListId: decision.status === 'approved' ? decision.priceListId : null,
      rejectReason: decision.status === 'rejected' ? decision.reason : null,
      registered,
      staffId: actor.staffId,
      at: now,
    });
    const after = await q.adminApplication(tx, id);
    if (!after) throw new NotFound(APPLICATION_NOT_FOUND);
    await record(
      tx,
      actor,
      {
        entity: 'wholesale_application',
        entityId: id,
        action: decision.status === 'approved' ? 'approve' : 'reject',
        before: {
          status: before.status,
          price_list_id: before.price_list_id,
          reject_reason: before.reject_reason,
          ...(registered ? { registered: registeredOf(before.registered) } : {}),
        },
        after: {
          status: after.status,
          price_list_id: after.price_list_id,
          reject_reason: after.reject_reason,
          ...(registered ? { registered: registeredOf(after.registered) } : {}),
        },
      },
      now,
    );
    // A change of price list for a shop already approved is not news to mail about.
    if (before.status !== after.status) {
      const data: WholesaleDecidedData = {
        name: after.requesting_person,
        shop_name: after.shop_name,
        approved: decision.status === 'approved',
        reason: after.reject_reason,
        wholesale_url: wholesaleUrl,
      };
      await enqueue(tx, { template: wholesaleDecided, recipient: after.user_email, data });
    }
    return toApplication(after);
  });
}

/**
 * Approves the application onto a price list (or moves an approved shop to another list),
 * storing its registered business when given (absent keeps the one stored).
 */
export function approveApplication(
  db: Queryable,
  actor: Actor,
  id: number,
  terms: { priceListId: number; registered?: RegisteredBusiness },
  wholesaleUrl: string,
): Promise<AdminWholesaleApplication> {
  const decision: Decision = {
    status: 'approved',
    priceListId: terms.priceListId,
    registered: terms.registered ?? null,
  };
  return decide(db, actor, id, decision, wholesaleUrl);
}

/** Rejects the application (an approved shop loses its prices); the shop may apply again. */
export function rejectApplication(
  db: Queryable,
  actor: Actor,
  id: number,
  reason: string,
  wholesaleUrl: string,
): Promise<AdminWholesaleApplication> {
  return decide(db, actor, id, { status: 'rejected', reason }, wholesaleUrl);
}

// ── price lists ──

const StoredRules = z.array(PriceRule);
const StoredTiers = z.array(PriceTier);

async function toPriceLists(db: Queryable, rows: q.PriceListRow[]): Promise<PriceList[]> {
  const parsed = rows.map((r) => ({
    row: r,
    rules: StoredRules.parse(r.rules),
    tiers: StoredTiers.parse(r.tiers).sort((a, b) => a.min_pieces - b.min_pieces),
  }));
  const rules = parsed.flatMap((p) => p.rules);
  const names = await q.targetNames(
    db,
    rules.filter((r) => r.target === 'product').map((r) => r.target_id ?? 0),
    rules.filter((r) => r.target === 'category').map((r) => r.target_id ?? 0),
  );
  return parsed.map(({ row, rules, tiers }) => ({
    id: row.id,
    name: row.name,
    rules: rules.map((r) => ({
      ...r,
      target_name:
        r.target === 'product'
          ? (names.products.get(r.target_id ?? 0) ?? null)
          : r.target === 'category'
            ? (names.categories.get(r.target_id ?? 0) ?? null)
            : null,
    })),
    tiers,
    min_order_paise: row.min_order_paise,
    min_order_pieces: row.min_order_pieces,
    wholesalers: row.wholesalers,
    updated_at: iso(row.updated_at),
  }));
}

/** Every price list, by name. */
export async function listPriceLists(db: Queryable): Promise<PriceListListResponse> {
  return { price_lists: await toPriceLists(db, await q.priceLists(db)) };
}

async function onePriceList(db: Queryable, id: number): Promise<PriceList> {
  const row = await q.priceList(db, id);
  if (!row) throw new NotFound(PRICE_LIST_NOT_FOUND);
  const [list] = await toPriceLists(db, [row]);
  if (!list) throw new NotFound(PRICE_LIST_NOT_FOUND);
  return list;
}

/** Every product and category a rule names must exist. */
async function checkTargets(db: Queryable, input: z.output<typeof PriceListInput>) {
  const productIds = input.rules.filter((r) => r.target === 'product').map((r) => r.target_id!);
  const categoryIds = input.rules.filter((r) => r.target === 'category').map((r) => r.target_id!);
  const names = await q.targetNames(db, productIds, categoryIds);
  const product = productIds.find((id) => !names.products.has(id));
  if (product !== undefined) throw new Invalid(`Product ${product} does not exist.`);
  const category = categoryIds.find((id) => !names.categories.has(id));
  if (category !== undefined) throw new Invalid(`Category ${category} does not exist.`);
}

function values(input: z.output<typeof PriceListInput>): q.PriceListValues {
  return {
    name: input.name,
    rules: input.rules,
    tiers: [...input.tiers].sort((a, b) => a.min_pieces - b.min_pieces),
    minOrderPaise: input.min_order_paise,
    minOrderPieces: input.min_order_pieces,
  };
}

/** Creates a price list. */
export async function createPriceList(
  db: Queryable,
  actor: Actor,
  input: z.output<typeof PriceListInput>,
): Promise<PriceList> {
  return db.transaction(async (tx) => {
    await checkTargets(tx, input);
    const id = await q.insertPriceList(tx, values(input));
    if (id === undefined) throw new Conflict(PRICE_LIST_NAME_TAKEN);
    const list = await onePriceList(tx, id);
    await record(tx, actor, {
      entity: 'wholesale_price_list',
      entityId: id,
      action: 'create',
      after: { ...values(input) },
    });
    return list;
  });
}

/** Replaces a price list: new carts and orders use it; placed orders keep their prices. */
export async function updatePriceList(
  db: Queryable,
  actor: Actor,
  id: number,
  input: z.output<typeof PriceListInput>,
): Promise<PriceList> {
  return db.transaction(async (tx) => {
    const before = await q.priceList(tx, id);
    if (!before) throw new NotFound(PRICE_LIST_NOT_FOUND);
    const named = await q.priceListNamed(tx, input.name);
    if (named !== undefined && named !== id) throw new Conflict(PRICE_LIST_NAME_TAKEN);
    await checkTargets(tx, input);
    await q.updatePriceList(tx, id, values(input));
    await record(tx, actor, {
      entity: 'wholesale_price_list',
      entityId: id,
      action: 'update',
      before: {
        name: before.name,
        rules: before.rules,
        tiers: before.tiers,
        minOrderPaise: before.min_order_paise,
        minOrderPieces: before.min_order_pieces,
      },
      after: { ...values(input) },
    });
    return onePriceList(tx, id);
  });
}
