// Shoppers' rights over their own data (DPDP Act 2023; decision 037): a copy of everything
// the shop keeps about them, and the erasure of their account. Both are our calls (the spec
// has none for them), session-authenticated like the account's other calls.
import { z } from 'zod';
import { Email } from './accounts.js';
import { Id } from './common.js';

/** How an erased shopper's reviews are signed, and the account's name after erasure. */
export const ERASED_SHOPPER_NAME = 'a Kitroom shopper';

// ── POST /api/my_data.php ──

/** {user_id}: the session's user. Returns MyDataExport as a JSON file to save. */
export const MyDataRequest = z.object({ user_id: Id });
export type MyDataRequest = z.input<typeof MyDataRequest>;

/** Rows as the shop keeps them, column by column (snake_case); times are ISO 8601. */
const Rows = z.array(z.record(z.string(), z.unknown()));

export const MyDataExport = z.object({
  exported_at: z.string(),
  /** What each part holds and what is kept only in the shopper's own browser. */
  notes: z.array(z.string()),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    created_at: z.string(),
  }),
  shipping_address: z.record(z.string(), z.unknown()).nullable(),
  cart: Rows,
  /** The jerseys hearted while logged in. */
  wishlist: Rows,
  /** "Notify me" sign-ups of the account's address. */
  back_in_stock_requests: Rows,
  /** WhatsApp order updates: each opt-in (number, the words ticked, when) and its opt-out. */
  whatsapp_updates: Rows,
  /** Each order with its items, timeline, payments, refunds, returns and tax documents. */
  orders: Rows,
  coupons_redeemed: Rows,
  reviews: Rows,
  wholesale_application: z.record(z.string(), z.unknown()).nullable(),
  feedback: Rows,
  /** Referral links the shopper followed while logged in. */
  referral_clicks: Rows,
  /** Giveaways the shopper entered, and whether their entry won. */
  giveaway_entries: Rows,
  /** Login sessions: when each began and ends (never its secret). */
  sessions: Rows,
  /** Notes the shop's staff wrote on the account (what and when; not who). */
  staff_notes: Rows,
  /** Cash on delivery blocked for the account by the shop: since when and why; null: not blocked. */
  cash_on_delivery_block: z.object({ blocked_at: z.string(), reason: z.string() }).nullable(),
  erasure_request: z.record(z.string(), z.unknown()).nullable(),
  /** Cart reminders (decision 065): the consent given (its words, when) and withdrawn. */
  cart_reminder_consent: Rows,
  /** When the shopper last reached checkout. */
  checkout_visits: Rows,
  /** The cart reminders written for the shopper, and their coupons. */
  cart_reminders: Rows,
  /** Kit launches (decision 070) the shopper asked to be mailed about. */
  launch_alerts: Rows,
  /** Their places in launches' waiting rooms (with the browser's key and the address). */
  launch_queue: Rows,
});
export type MyDataExport = z.infer<typeof MyDataExport>;

/** The file name the download is saved as. */
export function myDataFileName(userId: number, day: string): string {
  return `kitroom-my-data-${userId}-${day}.json`;
}

// ── POST /api/delete_account.php ──

/**
 * {user_id, action: 'status'}: whether an erasure is waiting. {user_id, action: 'delete',
 * email}: erases the account now, or stores the request to be done once the shopper's open
 * orders and returns are settled. `email` must be the account's own address, typed again to
 * confirm; anything else is 400 and changes nothing.
 */
export const DeleteAccountRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ user_id: Id, action: z.literal('status') }),
    z.object({
      user_id: Id,
      action: z.literal('delete'),
      email: Email,
    }),
  ],
  { error: "action must be 'status' or 'delete'" },
);
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequest>;

export const ERASURE_STATES = ['none', 'waiting', 'done'] as const;
export type ErasureState = (typeof ERASURE_STATES)[number];

export const DeleteAccountResponse = z.object({
  state: z.enum(ERASURE_STATES),
  /** What to tell the shopper: why it waits, or that it is done; null for 'none'. */
  message: z.string().nullable(),
});
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

export const DELETE_CONFIRM_MISMATCH = 'Please type the email address of your account to confirm.';
export const ACCOUNT_ERASED_MESSAGE =
  'Your account has been deleted. We have sent a confirmation to your email address.';

/** Why an erasure waits: an order on its way or unpaid, or a return still open. */
export function erasureWaitingMessage(blocking: { orderId: number; by: 'order' | 'return' }) {
  return blocking.by === 'order'
    ? `We will erase your account once order #${blocking.orderId} is delivered or cancelled.`
    : `We will erase your account once the return of order #${blocking.orderId} is settled.`;
}
