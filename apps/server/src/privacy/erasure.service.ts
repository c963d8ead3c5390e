// Erasing a shopper's account (DPDP Act s.12; decision 037). At once when nothing is open;
// otherwise the request waits (with the reason the shopper is shown) until the sweep finds
// their orders delivered or cancelled and their returns settled. One transaction erases: the
// sessions end; the address, cart, codes, wholesale application, feedback and mails go; the
// name, email and phone are replaced (the email by a unique address that can never receive
// mail, so the address may sign up again as a new account); the password can no longer be
// used. Orders stay for the 72 months GST requires (CGST Act s.36, Rule 56): an invoiced one
// keeps the address printed on its invoice, one never invoiced loses its address and phone.
// A return's payout destination (UPI id, bank account) is masked once the transfer is made;
// a transfer still owed keeps the request waiting.
// A mail to the address the account had confirms it, and the audit log records it. A shopper
// who asks the shop instead (by mail, by phone, the grievance officer) has it started by the
// owner in the back office, confirmed the same way, by typing the account's email.
import {
  ACCOUNT_ERASED_MESSAGE,
  DELETE_CONFIRM_MISMATCH,
  ERASED_SHOPPER_NAME,
  erasureWaitingMessage,
  type DeleteAccountResponse,
} from '@kitroom/contract';
import type { AdminErasure, ErasureListResponse, ErasureQuery } from '@kitroom/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { enqueue } from '../notifications/index.js';
import { record, SWEEP, type Actor } from '../staff/index.js';
import { accountErased, type AccountErasedData } from './account-erased.mail.js';
import * as q from './privacy.queries.js';

export const ERASURE_SWEEP_INTERVAL_MS = 5 * 60_000;
const SWEEP_BATCH = 100;

/** The placeholder email of an erased account: unique, and never deliverable (RFC 2606). */
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

export interface ErasureDeps {
  db: Db;
  publicUrl: string;
}

/** Who erases: the shopper (from their IP), staff at the shopper's request, or the sweep. */
type ErasedBy =
  { by: 'shopper'; ip: string | null } | { by: 'staff'; actor: Actor } | { by: 'system' };

const auditActorOf = (who: ErasedBy): Actor =>
  who.by === 'shopper'
    ? { staffId: null, ip: who.ip, by: 'shopper' }
    : who.by === 'staff'
      ? who.actor
      : SWEEP;

export const STAFF_CONFIRM_MISMATCH =
  "Type the shopper's email address exactly as the account has it to confirm.";
export const CUSTOMER_NOT_FOUND = 'Customer not found.';
export const ALREADY_ERASED = 'This account is already erased.';

/** delete_account.php {action: 'status'}: whether an erasure waits, and why. */
export async function erasureStatus(db: Queryable, userId: number): Promise<DeleteAccountResponse> {
  const row = await q.erasureOf(db, userId);
  if (!row || row.state === 'done') return { state: 'none', message: null };
  return { state: 'waiting', message: row.waiting_reason };
}

/**
 * delete_account.php {action: 'delete'}: the shopper, having typed their email to confirm,
 * asks to erase their account: done now, or stored as waiting with the reason.
 */
export async function requestErasure(
  deps: ErasureDeps,
  userId: number,
  confirmEmail: string,
  ip: string | null,
  now = new Date(),
): Promise<DeleteAccountResponse> {
  return deps.db.transaction(async (tx) => {
    const user = await q.lockUser(tx, userId);
    if (!user || user.erased_at) throw new NotFound('User not found.');
    if (confirmEmail !== user.email) throw new Invalid(DELETE_CONFIRM_MISMATCH);
    return eraseOrWait(tx, deps.publicUrl, user, { by: 'shopper', ip }, now);
  });
}

/**
 * The owner starts the erasure a shopper asked the shop for, confirmed by typing the account's
 * email: erased now, or waiting for their open orders exactly as if they had asked themself.
 * Returns the same as the shopper's own request does.
 */
export async function requestErasureForShopper(
  deps: ErasureDeps,
  actor: Actor,
  userId: number,
  confirmEmail: string,
  now = new Date(),
): Promise<DeleteAccountResponse> {
  return deps.db.transaction(async (tx) => {
    const user = await q.lockUser(tx, userId);
    if (!user) throw new NotFound(CUSTOMER_NOT_FOUND);
    if (user.erased_at) throw new Conflict(ALREADY_ERASED);
    if (confirmEmail !== user.email) throw new Invalid(STAFF_CONFIRM_MISMATCH);
    return eraseOrWait(tx, deps.publicUrl, user, { by: 'staff', actor }, now);
  });
}

/** With the user locked: erase now, or store the request as waiting with the reason. */
async function eraseOrWait(
  tx: Queryable,
  publicUrl: string,
  user: q.UserRow,
  who: Exclude<ErasedBy, { by: 'system' }>,
  now: Date,
): Promise<DeleteAccountResponse> {
  const blocking = await q.blockingOrder(tx, user.id);
  if (blocking) {
    const message = erasureWaitingMessage(blocking);
    const before = await q.erasureOf(tx, user.id);
    await q.insertWaiting(tx, user.id, message, now);
    if (!before) {
      await record(
        tx,
        auditActorOf(who),
        {
          entity: 'user',
          entityId: user.id,
          action: 'erasure-requested',
          after: { by: who.by, state: 'waiting', blocking_order_id: blocking.orderId },
        },
        now,
      );
    }
    return { state: 'waiting', message };
  }
  await erase(tx, publicUrl, user, who, now);
  return { state: 'done', message: ACCOUNT_ERASED_MESSAGE };
}

async function erase(
  tx: Queryable,
  publicUrl: string,
  user: q.UserRow,
  who: ErasedBy,
  now: Date,
): Promise<void> {
  const orders = await q.ordersWithInvoice(tx, user.id);
  const kept = orders.filter((o) => o.invoiced).map((o) => o.id);
  const erased = orders.filter((o) => !o.invoiced).map((o) => o.id);
  await q.eraseUninvoicedAddresses(tx, erased);
  await q.maskPayouts(tx, user.id, ERASED_SHOPPER_NAME);
  await q.deletePersonalRows(tx, user.id, user.email);
  await q.eraseUser(tx, user.id, { name: ERASED_SHOPPER_NAME, email: erasedEmail(user.id) }, now);
  await q.markDone(tx, user.id, now);
  const data: AccountErasedData = {
    name: user.name,
    kept_orders: kept,
    privacy_url: `${publicUrl}/privacyPolicy`,
  };
  await enqueue(tx, { template: accountErased, recipient: user.email, data: { ...data } });
  // No name or address in the log: what was done, by whom, to which orders.
  await record(
    tx,
    auditActorOf(who),
    {
      entity: 'user',
      entityId: user.id,
      action: 'erase',
      after: { by: who.by, orders_kept_with_invoice: kept, orders_address_erased: erased },
    },
    now,
  );
}

/**
 * One pass of the sweep: each waiting request whose shopper has nothing open any more is
 * erased; the others keep waiting, their reason brought up to date. Sent confirmations lose
 * their recipient. Returns how many were erased.
 */
export async function sweepErasures(deps: ErasureDeps, now = new Date()): Promise<number> {
  let erased = 0;
  const waiting = await q.waitingUsers(deps.db, SWEEP_BATCH);
  for (const { user_id: userId } of waiting) {
    const done = await deps.db.transaction(async (tx) => {
      // Another process may be erasing it, or have done so meanwhile.
      if (!(await q.lockWaiting(tx, userId))) return false;
      const user = await q.lockUser(tx, userId);
      if (!user || user.erased_at) return false;
      const blocking = await q.blockingOrder(tx, userId);
      if (blocking) {
        await q.insertWaiting(tx, userId, erasureWaitingMessage(blocking), now);
        return false;
      }
      await erase(tx, deps.publicUrl, user, { by: 'system' }, now);
      return true;
    });
    if (done) erased += 1;
  }
  await q.forgetSentConfirmations(deps.db, accountErased.name);
  return erased;
}

export interface ErasureSweep {
  stop(): Promise<void>;
}

/** Runs sweepErasures now and every interval until stopped (one pass at a time). */
export function startErasureSweep(
  deps: ErasureDeps,
  log: FastifyBaseLogger,
  intervalMs: number,
): ErasureSweep {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const erased = await sweepErasures(deps);
        if (erased > 0) log.info({ erased }, 'erased accounts whose orders were settled');
      } catch (err) {
        log.error({ err }, 'erasure sweep failed');
      }
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** A shopper's erasure request as the customer page shows it; null: none. */
export async function erasureOfShopper(
  db: Queryable,
  userId: number,
): Promise<{
  state: 'waiting' | 'done';
  waiting_reason: string | null;
  requested_at: string;
  done_at: string | null;
} | null> {
  const row = await q.erasureOf(db, userId);
  if (!row) return null;
  return {
    state: row.state,
    waiting_reason: row.state === 'waiting' ? row.waiting_reason : null,
    requested_at: q.iso(row.requested_at),
    done_at: row.done_at === null ? null : q.iso(row.done_at),
  };
}

/** The back office's list: waiting first (with the order holding each now), then done. */
export async function listErasures(
  db: Queryable,
  query: z.output<typeof ErasureQuery>,
): Promise<ErasureListResponse> {
  const rows = await q.listErasures(db, { state: query.state, limit: query.limit });
  const erasures: AdminErasure[] = [];
  for (const r of rows) {
    const blocking = r.state === 'waiting' ? await q.blockingOrder(db, r.user_id) : undefined;
    erasures.push({
      id: r.id,
      user_id: r.user_id,
      state: r.state,
      shopper: r.erased_at ? null : { name: r.name, email: r.email },
      waiting_reason: r.state === 'waiting' ? r.waiting_reason : null,
      blocking_order_id: blocking?.orderId ?? null,
      requested_at: q.iso(r.requested_at),
      done_at: r.done_at === null ? null : q.iso(r.done_at),
    });
  }
  return { erasures, waiting: await q.countWaiting(db) };
}
