// Abandoned checkout recovery (issue 41; decision 065). A logged-in shopper who reached
// checkout and did not order within the owner's wait gets one reminder of the cart they left,
// only with their consent; a cart is the shopper and its lines, so the same cart is never
// reminded twice and a changed cart left again is a new one. The sweep writes the reminder to
// the outbox; the worker asks again before sending (an order since, or consent withdrawn,
// cancels it). Its coupon is the coupons domain's, for that shopper only and one use.
import { createHash, randomBytes } from 'node:crypto';
import {
  CART_REMINDER_CONSENT,
  CART_REMINDERS_STOPPED,
  cartRemindersUnsubscribePath,
  formatRupees,
  paiseToRupees,
  printedText,
  quoteOrder,
  rupeesToPaise,
  type CartItem,
  type CartRemindersResponse,
} from '@kitroom/contract';
import {
  RECOVERY_WINDOW_DAYS,
  type RecoveryReportResponse,
  type RecoverySettingsResponse,
  type UpdateRecoverySettingsRequest,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import * as carts from '../cart/index.js';
import * as coupons from '../coupons/index.js';
import type { Db, Queryable } from '../db/index.js';
import { Invalid, NotFound } from '../domain-errors.js';
import { indianDateText } from '../indian-days.js';
import { enqueue } from '../notifications/index.js';
import { record, type Actor } from '../staff/index.js';
import { cartReminder, type CartReminderData } from './cart-reminder.mail.js';
import * as q from './recovery.queries.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// ─── the owner's settings ───

function toSettings(row: q.SettingsRow, minWaitMinutes: number): RecoverySettingsResponse {
  return {
    settings: {
      enabled: row.enabled,
      wait_minutes: row.wait_minutes,
      coupon_kind: row.coupon_kind,
      coupon_value: row.coupon_value,
      coupon_valid_days: row.coupon_valid_days,
      updated_at: new Date(row.updated_at).toISOString(),
    },
    min_wait_minutes: minWaitMinutes,
  };
}

export async function getSettings(
  db: Queryable,
  minWaitMinutes: number,
): Promise<RecoverySettingsResponse> {
  return toSettings(await q.readSettings(db), minWaitMinutes);
}

/** Changes the cart reminders (the owner's), audited with the fields before and after. */
export async function updateSettings(
  db: Db,
  actor: Actor,
  input: z.output<typeof UpdateRecoverySettingsRequest>,
  minWaitMinutes: number,
): Promise<RecoverySettingsResponse> {
  if (input.wait_minutes < minWaitMinutes) {
    // Shorter, and a shopper still typing their address would be mailed about it.
    throw new Invalid(`The wait must be at least ${minWaitMinutes} minutes.`);
  }
  return db.transaction(async (tx) => {
    const before = await q.readSettings(tx, true);
    const after = await q.writeSettings(tx, {
      enabled: input.enabled,
      wait_minutes: input.wait_minutes,
      coupon_kind: input.coupon_kind,
      coupon_value: input.coupon_value,
      coupon_valid_days: input.coupon_valid_days,
    });
    const fields = (r: q.SettingsRow) => {
      const { updated_at: _, ...rest } = r;
      return rest;
    };
    await record(tx, actor, {
      entity: 'cart_reminder_settings',
      entityId: 1,
      action: 'update',
      before: fields(before),
      after: fields(after),
    });
    return toSettings(after, minWaitMinutes);
  });
}

// ─── the shopper's side ───

/**
 * The checkout page was reached by the shopper with their server cart; returns whether it
 * asks for their consent (reminders on, and never answered before: a shopper who withdrew it
 * is not asked again there).
 */
export async function checkoutReached(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<{ ask_consent: string | null }> {
  await q.markCheckoutReached(db, userId, now);
  const [settings, answered] = await Promise.all([q.readSettings(db), q.consentOf(db, userId)]);
  const ask = settings.enabled && answered === undefined;
  return { ask_consent: ask ? CART_REMINDER_CONSENT : null };
}

function consentResponse(row: q.ConsentRow | undefined): CartRemindersResponse {
  const given = row !== undefined && row.withdrawn_at === null;
  return {
    consent: given,
    wording: given ? row.wording : CART_REMINDER_CONSENT,
    given_at: given ? new Date(row.given_at).toISOString() : null,
  };
}

/** Reads, gives (with today's words, kept) or withdraws the shopper's consent. */
export async function consent(
  db: Queryable,
  userId: number,
  change: boolean | undefined,
  now = new Date(),
): Promise<CartRemindersResponse> {
  if (change === true) await q.giveConsent(db, userId, CART_REMINDER_CONSENT, now);
  if (change === false) await q.withdrawConsent(db, userId, 'account', now);
  return consentResponse(await q.consentOf(db, userId));
}

export const LINK_NOT_VALID = 'This unsubscribe link is not valid.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The mail's link (no login): the shopper gets no more cart reminders. */
export async function unsubscribe(
  db: Queryable,
  token: string,
  via: 'mail-link' | 'one-click',
  now = new Date(),
): Promise<{ message: string }> {
  const userId = await q.reminderUserByToken(db, hashToken(token));
  if (userId === undefined) throw new NotFound(LINK_NOT_VALID);
  await q.withdrawConsent(db, userId, via, now);
  return { message: CART_REMINDERS_STOPPED };
}

// ─── the sweep ───

/** A cart's identity: its lines (product, size, print, quantity), in one order. */
export function cartKey(items: readonly CartItem[]): string {
  const lines = items
    .map((i) =>
      [
        i.id,
        i.selected_size,
        i.print?.name ?? '',
        i.print?.number ?? '',
        i.print?.patch ? 1 : 0,
        i.selected_quantity,
      ].join(':'),
    )
    .sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

const SWEEP_BATCH = 50;

/** What the coupon gives, as the mail says it. */
function couponOff(kind: 'flat' | 'percent', value: number): string {
  return kind === 'percent' ? `${value}% off` : `${formatRupees(paiseToRupees(value))} off`;
}

/**
 * Writes one reminder for each cart left at checkout longer than the owner's wait (when
 * reminders are on): returns how many were written.
 */
export async function writeDueReminders(
  db: Db,
  publicUrl: string,
  now = new Date(),
): Promise<number> {
  const settings = await q.readSettings(db);
  if (!settings.enabled) return 0;
  const before = new Date(now.getTime() - settings.wait_minutes * MINUTE_MS);
  const base = publicUrl.replace(/\/$/, '');
  let written = 0;
  for (;;) {
    const due = await q.dueCarts(db, before, now, SWEEP_BATCH);
    let progressed = 0;
    for (const shopper of due) {
      if (await remind(db, base, settings, shopper, now)) written += 1;
      progressed += 1;
    }
    if (progressed < SWEEP_BATCH) return written;
  }
}

/** One shopper's reminder: its row, its coupon and its mail in one transaction. */
async function remind(
  db: Db,
  base: string,
  settings: q.SettingsRow,
  shopper: q.DueCart,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { cart_items: cartItems } = await carts.cart(tx, shopper.user_id);
    // The mail shows what can still be bought: a cart sold out altogether gets none.
    const items = cartItems.filter((i) => i.stock_quantity > 0);
    if (items.length === 0) {
      await q.markSwept(tx, shopper.user_id, shopper.reached_at);
      return false;
    }
    const token = randomBytes(24).toString('base64url');
    const id = await q.insertReminder(tx, {
      userId: shopper.user_id,
      // The cart as the shopper left it, sold-out lines too: the same cart is reminded once.
      cartKey: cartKey(cartItems),
      reachedAt: shopper.reached_at,
      tokenHash: hashToken(token),
    });
    // Looked at: not again until the shopper reaches checkout anew.
    await q.markSwept(tx, shopper.user_id, shopper.reached_at);
    // This very cart was reminded before: never twice.
    if (id === undefined) return false;
    const quote = quoteOrder({
      lines: items.map((i) => ({
        productId: i.id,
        categoryId: null,
        description: i.name,
        quantity: i.selected_quantity,
        shirtPaise: rupeesToPaise(i.discount_price),
        printPaise: rupeesToPaise(i.print?.price ?? 0),
      })),
      state: '',
      at: now,
    });
    let coupon: CartReminderData['coupon'] = null;
    let couponId: number | null = null;
    if (settings.coupon_kind !== null && settings.coupon_value !== null) {
      const endsAt = new Date(now.getTime() + settings.coupon_valid_days * DAY_MS);
      const made = await coupons.createShopperCoupon(tx, {
        userId: shopper.user_id,
        kind: settings.coupon_kind,
        value: settings.coupon_value,
        endsAt,
        description: `Cart reminder ${id}`,
      });
      couponId = made.id;
      coupon = {
        code: made.code,
        off: couponOff(settings.coupon_kind, settings.coupon_value),
        ends_at: indianDateText(endsAt),
      };
    }
    const data: CartReminderData = {
      reminder_id: id,
      name: shopper.name,
      lines: quote.lines.map((l, i) => ({
        name: l.description,
        size: items[i]!.selected_size,
        quantity: l.quantity,
        line_paise: l.valuePaise,
        image_url: new URL(items[i]!.image_url, `${base}/`).toString(),
        print: items[i]!.print ? printedText(items[i]!.print!) : '',
      })),
      total_paise: quote.subtotalPaise,
      cart_url: `${base}/cart`,
      unsubscribe_url: `${base}${cartRemindersUnsubscribePath(token)}`,
      coupon,
    };
    const outboxId = await enqueue(tx, {
      template: cartReminder,
      recipient: shopper.email,
      data,
      dedupeKey: `cart-reminder-${id}`,
    });
    await q.setReminderMail(tx, id, outboxId, couponId);
    return true;
  });
}

// ─── the report ───

/** The back office's cart reminders for a month ('yyyy-mm', Indian calendar). */
export async function report(db: Queryable, month: string): Promise<RecoveryReportResponse> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  // Months start at Indian midnight (UTC+5:30).
  const from = new Date(Date.UTC(y, m - 1, 1) - 330 * MINUTE_MS);
  const to = new Date(Date.UTC(y, m, 1) - 330 * MINUTE_MS);
  const r = await q.report(db, from, to, RECOVERY_WINDOW_DAYS);
  return {
    month,
    sent: r.sent,
    recovered: r.recovered,
    revenue_paise: Number(r.revenue_paise),
    coupons_used: r.coupons_used,
    canceled: r.canceled,
  };
}
