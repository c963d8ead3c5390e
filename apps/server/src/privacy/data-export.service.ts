// A shopper's copy of everything the shop keeps about them (DPDP Act s.11; decision 037):
// the account, its address, cart, wishlist, back-in-stock sign-ups, orders (items, timeline,
// payments, refunds, returns, tax documents), coupons, reviews, wholesale application,
// WhatsApp opt-ins, feedback, referral clicks, giveaway entries, sessions, staff notes on the
// account, a cash on delivery block, any erasure request, and cart reminders (consent, checkout
// visit, reminders), and kit launches (mails asked for, places in waiting rooms).
// EXPORTED_TABLES names every table with a user_id column that it
// reads; a test fails when a table with user_id appears that it does not name.
import type { MyDataExport } from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { NotFound } from '../domain-errors.js';
import * as q from './privacy.queries.js';

/** The tables with a user_id column that the export covers (see the test). */
export const EXPORTED_TABLES = [
  'account_erasures',
  'cart_items',
  'cart_reminders',
  'checkout_visits',
  'coupon_redemptions',
  'customer_notes',
  'feedback',
  'giveaway_entries',
  'launch_alerts',
  'launch_queue',
  'orders',
  'recovery_consents',
  'referral_clicks',
  'reviews',
  'sessions',
  'shipping_addresses',
  'whatsapp_consents',
  'wholesale_applications',
  'wishlist_items',
] as const;

const NOTES = [
  'Times are in UTC (ISO 8601); money is in paise (100 paise = ₹1).',
  'Orders hold their items, timeline, payments, refunds, returns and tax documents. Payments show only what our payment provider told us: we never see card, UPI or bank details.',
  'Your wishlist while logged out, your cart while logged out and the referral code of a link you followed are kept only in your own browser (local storage), not by us.',
  'Back-in-stock requests are the "Notify me" sign-ups made with your account\'s email address, logged in or not.',
  'The only marketing mail we send is one cart reminder per cart, and only with your consent (My Account, Cart reminders): the words you agreed to, when, and when you withdrew it are below. Besides it we send the mails your orders and your account need, and, if you asked for them at checkout, WhatsApp updates about your orders (whatsapp_updates: the number, the words you ticked and when; and when you stopped them).',
  'Staff notes are what our staff wrote on your account to help them serve you; a cash-on-delivery block says since when and why we asked you to pay online.',
];

const byOrder = (rows: q.Row[]) => {
  const map = new Map<number, q.Row[]>();
  for (const { order_id: orderId, ...rest } of rows) {
    const id = Number(orderId);
    map.set(id, [...(map.get(id) ?? []), rest]);
  }
  return (id: number) => map.get(id) ?? [];
};

/** Everything kept about the user, as the download's JSON (dates still Dates). */
export async function exportData(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<MyDataExport> {
  const user = await q.user(db, userId);
  if (!user) throw new NotFound('User not found.');
  const orders = await q.orders(db, userId);
  const ids = orders.map((o) => Number(o.id));
  const part = async (query: q.OrderPart) => byOrder(await query(db, ids));
  const [items, events, payments, refunds, returns, documents] = await Promise.all([
    part(q.orderItems),
    part(q.orderEvents),
    part(q.payments),
    part(q.refunds),
    part(q.returns),
    part(q.taxDocuments),
  ]);
  const [address, wholesale, erasure] = await Promise.all([
    q.shippingAddress(db, userId),
    q.wholesaleApplication(db, userId),
    q.erasureOf(db, userId),
  ]);
  const [cart, wishlist, backInStock, whatsapp] = await Promise.all([
    q.cart(db, userId),
    q.wishlist(db, userId),
    q.backInStockRequests(db, user.email),
    q.whatsappConsents(db, userId),
  ]);
  const [coupons, reviews, feedback, clicks, giveaways, sessions] = await Promise.all([
    q.couponsRedeemed(db, userId),
    q.reviews(db, userId),
    q.feedback(db, userId),
    q.referralClicks(db, userId),
    q.giveawayEntries(db, userId),
    q.sessions(db, userId),
  ]);
  const [staffNotes, codBlock, consent, visits, reminders, launchAlerts, launchQueue] =
    await Promise.all([
      q.staffNotes(db, userId),
      q.codBlock(db, userId),
      q.cartReminderConsent(db, userId),
      q.checkoutVisits(db, userId),
      q.cartReminders(db, userId),
      q.launchAlerts(db, userId),
      q.launchPlaces(db, userId),
    ]);
  return {
    exported_at: now.toISOString(),
    notes: NOTES,
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone_number: user.phone_number,
      created_at: q.iso(user.created_at),
    },
    shipping_address: address ?? null,
    cart,
    wishlist,
    back_in_stock_requests: backInStock,
    whatsapp_updates: whatsapp,
    orders: orders.map((o) => {
      const id = Number(o.id);
      return {
        ...o,
        items: items(id),
        timeline: events(id),
        payments: payments(id),
        refunds: refunds(id),
        returns: returns(id),
        tax_documents: documents(id),
      };
    }),
    coupons_redeemed: coupons,
    reviews,
    wholesale_application: wholesale ?? null,
    feedback,
    referral_clicks: clicks,
    giveaway_entries: giveaways,
    sessions,
    staff_notes: staffNotes,
    cash_on_delivery_block: codBlock
      ? { blocked_at: q.iso(codBlock.blocked_at), reason: codBlock.reason }
      : null,
    erasure_request: erasure
      ? {
          state: erasure.state,
          waiting_reason: erasure.waiting_reason,
          requested_at: q.iso(erasure.requested_at),
          done_at: erasure.done_at === null ? null : q.iso(erasure.done_at),
        }
      : null,
    cart_reminder_consent: consent,
    checkout_visits: visits,
    cart_reminders: reminders,
    launch_alerts: launchAlerts,
    launch_queue: launchQueue,
  };
}
