// Customers as staff see them (issue 41): the list with its search and keyset pages, one
// shopper with everything the shop knows about them, and what staff do for a shopper — a note,
// blocking cash on delivery, starting an erasure the shopper asked for. It reads across the
// domains (orders, returns, shipments, wholesale, privacy) and calls their services; no domain
// calls it. What a role is shown is decided here: lifetime value and order totals only with
// orders.money; the actions' permissions are the endpoints' own (customers.manage,
// customers.erase). Every change is in the audit log, in its transaction.
import {
  CUSTOMER_ORDERS_SHOWN,
  roleMay,
  type AddressLabel,
  type AdminCustomerResponse,
  type AdminCustomerRow,
  type CodBlockRequest,
  type CustomerListQuery,
  type CustomerListResponse,
  type StaffRole,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { listOrders } from '../order-desk/index.js';
import {
  CUSTOMER_NOT_FOUND,
  erasureOfShopper,
  requestErasureForShopper,
} from '../privacy/index.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './customers.queries.js';

export { CUSTOMER_NOT_FOUND };
export const ERASED_NO_CHANGE = 'This account is erased: nothing more is kept about it.';
export const BAD_CURSOR = 'after: after must be a next_after the list answered';

/** Addresses their orders went to, and notes, shown at most. */
const ORDER_ADDRESSES_SHOWN = 10;
const NOTES_SHOWN = 200;
const MAX_DB_ID = 2_147_483_647;

/** Who calls: the staff member (for the audit log) and their role (for what they see). */
export interface StaffCaller {
  actor: Actor & { staffId: number };
  role: StaffRole;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

// ─── the list ───

/**
 * What the search box holds: 10 digits (spaces, dashes, +91 or a leading 0 aside) is a phone
 * number, anything else part of a name or an email.
 */
export function readSearch(text: string | undefined): q.CustomerSearch | undefined {
  const t = (text ?? '').trim();
  if (t === '') return undefined;
  if (/^[+\d\s()-]+$/.test(t)) {
    const digits = t.replace(/\D/g, '');
    const phone =
      digits.length === 12 && digits.startsWith('91')
        ? digits.slice(2)
        : digits.length === 11 && digits.startsWith('0')
          ? digits.slice(1)
          : digits;
    if (phone.length === 10) return { kind: 'phone', phone };
  }
  return { kind: 'text', text: t };
}

function decodeCursor(text: string): q.CustomerCursor {
  const [value, id] = text.split('.') as [string, string];
  // Beyond a bigint or an integer id: not a cursor this list gave.
  if (Number(id) > MAX_DB_ID || value.replace('-', '').length > 18) throw new Invalid(BAD_CURSOR);
  return { value, id: Number(id) };
}

const seesMoney = (role: StaffRole) => roleMay(role, 'orders.money');

function rowOf(r: q.CustomerListRow, money: boolean): AdminCustomerRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    created_at: iso(r.created_at),
    erased: r.erased,
    orders: r.orders,
    last_order_at: isoOrNull(r.last_order_at),
    lifetime_value_paise: money ? Number(r.kept) : null,
    wholesale: r.wholesale,
    cod_blocked: r.cod_blocked,
  };
}

/** A page of shoppers, newest first or by lifetime value, with the cursor of the next. */
export async function listCustomers(
  db: Queryable,
  role: StaffRole,
  query: z.output<typeof CustomerListQuery>,
): Promise<CustomerListResponse> {
  // Sorting by what shoppers kept would tell a role without orders.money who is worth most.
  const sort = seesMoney(role) ? query.sort : 'newest';
  const search = readSearch(query.q);
  const rows = await q.listCustomers(
    db,
    { ...(search ? { search } : {}), sort },
    {
      ...(query.after !== undefined ? { after: decodeCursor(query.after) } : {}),
      limit: query.limit + 1,
    },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const money = seesMoney(role);
  return {
    customers: page.map((r) => rowOf(r, money)),
    next_after: rows.length > query.limit && last ? `${last.sort_value}.${last.id}` : null,
  };
}

// ─── one shopper ───

function labelOf(a: q.AddressRow): AddressLabel {
  return {
    name: `${a.first_name} ${a.last_name}`.trim(),
    street: a.street_name,
    city: a.city,
    state: a.state,
    pincode: a.pincode,
    phone: a.phone,
  };
}

/** Everything the customer page shows of one shopper, as this role may see it. */
export async function getCustomer(
  db: Queryable,
  role: StaffRole,
  id: number,
): Promise<AdminCustomerResponse> {
  const c = await q.customer(db, id);
  if (!c) throw new NotFound(CUSTOMER_NOT_FOUND);
  const money = seesMoney(role);
  const [saved, used, counts, notes, erasure, orders] = await Promise.all([
    q.savedAddress(db, id),
    q.orderAddresses(db, id, ORDER_ADDRESSES_SHOWN),
    q.summary(db, id),
    q.notes(db, id, NOTES_SHOWN),
    erasureOfShopper(db, id),
    listOrders(db, role, { user_id: id, limit: CUSTOMER_ORDERS_SHOWN }),
  ]);
  return {
    customer: {
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      created_at: iso(c.created_at),
      erased_at: isoOrNull(c.erased_at),
    },
    saved_address: saved ? labelOf(saved) : null,
    order_addresses: used.map((a) => ({
      address: labelOf(a),
      orders: a.orders,
      last_used_at: iso(a.last_used_at),
    })),
    summary: {
      orders: counts.orders,
      paid_orders: counts.paid_orders,
      lifetime_value_paise: money ? Number(counts.kept) : null,
      returns: counts.returns,
      returned_to_origin: counts.returned_to_origin,
    },
    orders: orders.orders,
    wholesale:
      c.wholesale_status && c.wholesale_shop_name !== null && c.wholesale_applied_at !== null
        ? {
            status: c.wholesale_status,
            shop_name: c.wholesale_shop_name,
            applied_at: iso(c.wholesale_applied_at),
            decided_at: isoOrNull(c.wholesale_decided_at),
          }
        : null,
    cod_block:
      c.cod_blocked_at !== null
        ? {
            blocked_at: iso(c.cod_blocked_at),
            reason: c.cod_block_reason ?? '',
            staff_name: c.cod_blocked_by_name ?? '',
          }
        : null,
    notes: notes.map((n) => ({
      id: n.id,
      note: n.note,
      staff_name: n.staff_name,
      created_at: iso(n.created_at),
    })),
    erasure,
  };
}

// ─── what staff do ───

/** The shopper's row, locked, for a change: refused once the account is erased. */
async function lockLive(tx: Queryable, id: number): Promise<q.LockedCustomer> {
  const c = await q.lockCustomer(tx, id);
  if (!c) throw new NotFound(CUSTOMER_NOT_FOUND);
  if (c.erased_at !== null) throw new Conflict(ERASED_NO_CHANGE);
  return c;
}

/** A staff note on the shopper's account, audited with its text. */
export async function addNote(
  db: Db,
  caller: StaffCaller,
  id: number,
  note: string,
  now = new Date(),
): Promise<AdminCustomerResponse> {
  await db.transaction(async (tx) => {
    await lockLive(tx, id);
    const noteId = await q.insertNote(tx, {
      userId: id,
      staffId: caller.actor.staffId,
      note,
      at: now,
    });
    await record(
      tx,
      caller.actor,
      { entity: 'user', entityId: id, action: 'note', after: { note_id: noteId, note } },
      now,
    );
  });
  return getCustomer(db, caller.role, id);
}

/**
 * Blocks cash on delivery for the shopper with staff's reason (checkout and the pincode box
 * then refuse it), or allows it again. Blocking a blocked shopper changes the reason; allowing
 * one who is not blocked changes nothing and writes nothing.
 */
export async function setCodBlock(
  db: Db,
  caller: StaffCaller,
  id: number,
  body: z.output<typeof CodBlockRequest>,
  now = new Date(),
): Promise<AdminCustomerResponse> {
  await db.transaction(async (tx) => {
    const c = await lockLive(tx, id);
    const wasBlocked = c.cod_blocked_at !== null;
    if (!body.blocked && !wasBlocked) return;
    const before = { cod_blocked: wasBlocked, reason: c.cod_block_reason };
    if (body.blocked) {
      await q.setCodBlock(tx, id, { at: now, staffId: caller.actor.staffId, reason: body.reason });
    } else {
      await q.setCodBlock(tx, id, null);
    }
    await record(
      tx,
      caller.actor,
      {
        entity: 'user',
        entityId: id,
        action: body.blocked ? 'cod-block' : 'cod-unblock',
        before,
        after: { cod_blocked: body.blocked, reason: body.blocked ? body.reason : null },
      },
      now,
    );
  });
  return getCustomer(db, caller.role, id);
}

/**
 * The owner starts the erasure the shopper asked the shop for (privacy's own, decision 037):
 * done now, or waiting for their open orders, with the reason the customer page shows.
 */
export async function startErasure(
  deps: { db: Db; publicUrl: string },
  caller: StaffCaller,
  id: number,
  confirmEmail: string,
): Promise<AdminCustomerResponse> {
  await requestErasureForShopper(deps, caller.actor, id, confirmEmail);
  return getCustomer(deps.db, caller.role, id);
}
