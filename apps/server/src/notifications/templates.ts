// The outbox's own mails: the shopper's order mails and the staff digest. Each template
// checks its data (written when the event happened) and renders it into a subject, HTML and
// plain text. The data of a shopper's order mail is OrderMailData (order-mail-data.ts) with an
// `extra` per template, written down here so that the services that enqueue a mail send what
// its template reads. Other domains define their own mails (privacy/account-erased.mail.ts,
// …); src/outbox.ts gathers them all for the worker.
import { z } from 'zod';
import { mailTemplate } from './mail-template.js';
import * as orderMails from './order-mails.js';
import { staffDigestMail } from './staff-digest.mail.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a yyyy-mm-dd day');
const paise = z.number().int();
const nullableText = z.string().nullable();

/** OrderMailData, as the worker reads it back (order-mail-data.ts writes it). */
const OrderMail = z.object({
  order_id: z.number().int(),
  name: z.string(),
  order_url: z.string().url(),
  items: z.array(
    z.object({
      name: z.string(),
      size: z.string(),
      quantity: z.number().int().positive(),
      line_paise: paise,
      /** 'Printed: LUNA · 10'; '' (or absent, in mails written before) for a plain shirt. */
      print: z.string().optional().default(''),
    }),
  ),
  subtotal_paise: paise,
  shipping_paise: paise,
  discount_paise: paise,
  /** Absent in mails written before cash on delivery. */
  cod_fee_paise: paise.optional().default(0),
  total_paise: paise,
  address: z.string(),
  courier_name: nullableText,
  tracking_id: nullableText,
  tracking_link: nullableText,
  expected_date: day.nullable(),
  extra: z.record(z.string(), z.unknown()),
});
export type OrderMail = z.infer<typeof OrderMail>;

const orderMail = <E extends z.ZodType>(extra: E) => OrderMail.extend({ extra });

export const Extras = {
  'order-shipped': z.object({ invoice_number: z.string().optional() }),
  'order-paid-too-late': z.object({ reason: z.string(), refund_paise: paise.optional() }),
  'order-canceled': z.object({
    reason: z.string(),
    refund_paise: paise.nullable(),
    canceled_by: z.enum(['shopper', 'shop']).optional(),
  }),
  'order-refunded': z.object({
    refund_paise: paise.positive(),
    refunded_total_paise: paise,
    /** A payout's destination (masked) and its transfer reference; absent for the provider's. */
    paid_out_to: z.string().optional(),
    utr: z.string().optional(),
  }),
  'return-decided': z.object({
    kind: z.enum(['return', 'exchange']),
    approved: z.boolean(),
    note: nullableText,
    /** An approval's: where to send the parcel (the shop's address); absent in older mails. */
    send_to: z.string().optional(),
    /** An approval's: the shop's courier will collect the parcel (no address to send it to). */
    pickup: z.literal(true).optional(),
    items: z
      .array(
        z.object({
          name: z.string(),
          size: z.string(),
          quantity: z.number().int().positive(),
          new_size: z.string().optional(),
        }),
      )
      .optional(),
  }),
  'order-delivery-failed': z.object({ reason: z.string() }),
  'cod-confirm': z.object({ confirm_url: z.string().url(), hours: z.number().int().positive() }),
  'return-pickup-booked': z.object({
    kind: z.enum(['return', 'exchange']),
    courier_name: z.string(),
    tracking_id: z.string(),
    tracking_link: nullableText,
  }),
  'exchange-shipped': z.object({
    courier_name: nullableText,
    tracking_id: nullableText,
    tracking_link: nullableText,
    expected_date: day.nullable().optional(),
  }),
};

export const StaffDigestData = z.object({
  /** The staff member's name. */
  name: z.string(),
  /** The Indian day of the digest. */
  day,
  /** The back office's list of orders to pack, absolute. */
  admin_url: z.string().url(),
  /** Orders waiting in all; `orders` may list fewer. */
  total: z.number().int().nonnegative(),
  orders: z.array(
    z.object({
      id: z.number().int(),
      paid_at: z.string().datetime({ offset: true }),
      items: z.number().int().nonnegative(),
      state: z.enum(['to-pack', 'to-ship']),
    }),
  ),
});
export type StaffDigestData = z.infer<typeof StaffDigestData>;

/** The shopper's mails about their order, by name (enqueueOrderMail writes them). */
export const ORDER_MAILS = {
  /** Paid: the order is confirmed. extra: {} */
  'order-confirmed': mailTemplate(
    'order-confirmed',
    'shopper',
    OrderMail,
    orderMails.orderConfirmed,
  ),
  /**
   * Paid after the hold ended and the stock was gone: canceled, refunded in full.
   * extra: { reason: string; refund_paise?: number (default: the order's total) }
   */
  'order-paid-too-late': mailTemplate(
    'order-paid-too-late',
    'shopper',
    orderMail(Extras['order-paid-too-late']),
    orderMails.orderPaidTooLate,
  ),
  /**
   * Shipped: the order's courier, tracking id, link and expected date, and its tax invoice
   * (attached). extra: { invoice_number?: string }
   */
  'order-shipped': mailTemplate(
    'order-shipped',
    'shopper',
    orderMail(Extras['order-shipped']),
    orderMails.orderShipped,
  ),
  /** Delivered; returns are open for 7 days. extra: {} */
  'order-delivered': mailTemplate(
    'order-delivered',
    'shopper',
    OrderMail,
    orderMails.orderDelivered,
  ),
  /**
   * Canceled before it shipped. extra: { reason: string; refund_paise: number | null (null:
   * nothing was paid); canceled_by?: 'shopper' | 'shop' }
   */
  'order-canceled': mailTemplate(
    'order-canceled',
    'shopper',
    orderMail(Extras['order-canceled']),
    orderMails.orderCanceled,
  ),
  /**
   * A refund the provider processed. extra: { refund_paise: number; refunded_total_paise:
   * number (this order's refunds so far, this one included) }
   */
  'order-refunded': mailTemplate(
    'order-refunded',
    'shopper',
    orderMail(Extras['order-refunded']),
    orderMails.orderRefunded,
  ),
  /**
   * A return or size exchange approved or rejected. extra: { kind: 'return' | 'exchange';
   * approved: boolean; note: string | null; items?: { name, size, quantity, new_size? }[] }
   */
  'return-decided': mailTemplate(
    'return-decided',
    'shopper',
    orderMail(Extras['return-decided']),
    orderMails.returnDecided,
  ),
  /**
   * A return's pickup is booked: the courier will collect the parcel from the delivery
   * address. extra: { kind; courier_name: string; tracking_id: string; tracking_link: string | null }
   */
  'return-pickup-booked': mailTemplate(
    'return-pickup-booked',
    'shopper',
    orderMail(Extras['return-pickup-booked']),
    orderMails.returnPickupBooked,
  ),
  /**
   * An exchange's replacement shipped. extra: { courier_name: string | null; tracking_id:
   * string | null; tracking_link: string | null; expected_date?: 'yyyy-mm-dd' | null }
   */
  'exchange-shipped': mailTemplate(
    'exchange-shipped',
    'shopper',
    orderMail(Extras['exchange-shipped']),
    orderMails.exchangeShipped,
  ),
  /**
   * A cash-on-delivery order placed: confirm it by the link (single use) within `hours`.
   * extra: { confirm_url: string; hours: number }
   */
  'cod-confirm': mailTemplate(
    'cod-confirm',
    'shopper',
    orderMail(Extras['cod-confirm']),
    orderMails.codConfirm,
  ),
  /** The courier is out to deliver the parcel today. extra: {} */
  'order-out-for-delivery': mailTemplate(
    'order-out-for-delivery',
    'shopper',
    OrderMail,
    orderMails.orderOutForDelivery,
  ),
  /** The courier could not deliver the parcel. extra: { reason: string } */
  'order-delivery-failed': mailTemplate(
    'order-delivery-failed',
    'shopper',
    orderMail(Extras['order-delivery-failed']),
    orderMails.orderDeliveryFailed,
  ),
};
export type OrderMailTemplate = keyof typeof ORDER_MAILS;

/** Staff: orders waiting to be packed and shipped, each morning. Data: StaffDigestData. */
export const staffDigest = mailTemplate('staff-digest', 'staff', StaffDigestData, staffDigestMail);

/** The templates of this folder, for src/outbox.ts. */
export const NOTIFICATION_TEMPLATES = [...Object.values(ORDER_MAILS), staffDigest];
