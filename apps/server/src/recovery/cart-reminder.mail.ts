// The cart reminder (decision 065): the jerseys the shopper left at checkout, the cart's total
// from the quote, a button back to the cart, the reminder's own coupon when the owner offers
// one, and a one-click unsubscribe (a link, and List-Unsubscribe headers). Asked again just
// before sending: an order placed since, or consent withdrawn, cancels it.
import { formatRupees, paiseToRupees } from '@kitroom/contract';
import { z } from 'zod';
import { SHOP_NAME } from '../mail/index.js';
import type { MailContent } from '../notifications/index.js';
import { mailTemplate } from '../notifications/index.js';
import * as q from './recovery.queries.js';

export const CartReminderData = z.object({
  reminder_id: z.number().int().positive(),
  name: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      size: z.string(),
      quantity: z.number().int().positive(),
      line_paise: z.number().int(),
      image_url: z.string(),
      print: z.string(),
    }),
  ),
  total_paise: z.number().int(),
  cart_url: z.string(),
  /** The page the link opens, and where mail clients POST a one-click unsubscribe (RFC 8058). */
  unsubscribe_url: z.string(),
  coupon: z.object({ code: z.string(), off: z.string(), ends_at: z.string() }).nullable(),
});
export type CartReminderData = z.infer<typeof CartReminderData>;

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

export function cartReminderMail(d: CartReminderData): MailContent {
  const first = d.name.trim().split(/\s+/)[0] || 'there';
  const pieces = d.lines.reduce((n, l) => n + l.quantity, 0);
  return {
    subject: `${SHOP_NAME}: your cart is waiting`,
    preview: `${pieces} ${pieces === 1 ? 'jersey is' : 'jerseys are'} still in your cart.`,
    heading: 'Your cart is waiting',
    blocks: [
      {
        kind: 'text',
        text: `Hi ${first}, you reached checkout but did not place the order. Your cart is kept as you left it:`,
      },
      {
        kind: 'lines',
        lines: d.lines.map((l) => ({
          name: l.print === '' ? l.name : `${l.name} (${l.print})`,
          size: l.size,
          quantity: l.quantity,
          amount: rupees(l.line_paise),
          image: l.image_url,
        })),
        totals: [{ label: 'Cart total (shipping at checkout)', value: rupees(d.total_paise) }],
      },
      ...(d.coupon
        ? [
            {
              kind: 'facts' as const,
              rows: [
                { label: 'Your coupon', value: d.coupon.code },
                { label: 'It gives', value: d.coupon.off },
                { label: 'Use it by', value: d.coupon.ends_at },
              ],
            },
            {
              kind: 'text' as const,
              text: 'The coupon is yours alone and works once: type it at checkout.',
            },
          ]
        : []),
      { kind: 'link', label: 'Back to my cart', href: d.cart_url },
      {
        kind: 'text',
        text: 'Stock is not held for a cart: sizes may sell out. This is the only mail about this cart.',
      },
      {
        kind: 'link',
        label: 'Unsubscribe from cart reminders',
        href: d.unsubscribe_url,
        quiet: true,
      },
    ],
    unsubscribe: d.unsubscribe_url,
  };
}

export const cartReminder = mailTemplate(
  'cart-reminder',
  'shopper',
  CartReminderData,
  cartReminderMail,
  { stillDue: (db, d) => q.stillDue(db, d.reminder_id) },
);
