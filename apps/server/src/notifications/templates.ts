// The mails the outbox knows. Each template checks its data (written when the event
// happened) and renders it into a subject, HTML and plain text. The data of a shopper's order
// mail is OrderMailData (order-mail-data.ts) with an `extra` per template, written down here
// so that the services that enqueue a mail send what its template reads.
import { z } from 'zod';
import {
  contentText,
  type MailContent,
  type MailFrame,
  type RenderedMail,
} from './mail-content.js';
import { contentHtml } from './mail-layout.js';
import * as orderMails from './order-mails.js';
import { staffDigestMail } from './staff-digest.mail.js';
import { AccountErasedData, accountErasedMail } from '../privacy/account-erased.mail.js';
import { BackInStockData, backInStockMail } from '../back-in-stock/back-in-stock.mail.js';
import {
  BackInStockConfirmData,
  backInStockConfirmMail,
} from '../back-in-stock/back-in-stock-confirm.mail.js';
import { WholesaleDecidedData, wholesaleDecidedMail } from '../wholesale/wholesale-decided.mail.js';
import { GiveawayWonData, giveawayWonMail } from '../giveaways/giveaway-won.mail.js';
import { StaffInvitationData, staffInvitationMail } from '../staff/staff-invitation.mail.js';

export const MAIL_TEMPLATES = [
  /** Paid: the order is confirmed. extra: {} */
  'order-confirmed',
  /**
   * Paid after the hold ended and the stock was gone: canceled, refunded in full.
   * extra: { reason: string; refund_paise?: number (default: the order's total) }
   */
  'order-paid-too-late',
  /**
   * Shipped: the order's courier, tracking id, link and expected date, and its tax invoice
   * (attached). extra: { invoice_number?: string }
   */
  'order-shipped',
  /** Delivered; returns are open for 7 days. extra: {} */
  'order-delivered',
  /**
   * Canceled before it shipped. extra: { reason: string; refund_paise: number | null (null:
   * nothing was paid); canceled_by?: 'shopper' | 'shop' }
   */
  'order-canceled',
  /**
   * A refund the provider processed. extra: { refund_paise: number; refunded_total_paise:
   * number (this order's refunds so far, this one included) }
   */
  'order-refunded',
  /**
   * A return or size exchange approved or rejected. extra: { kind: 'return' | 'exchange';
   * approved: boolean; note: string | null; items?: { name, size, quantity, new_size? }[] }
   */
  'return-decided',
  /**
   * An exchange's replacement shipped. extra: { courier_name: string | null; tracking_id:
   * string | null; tracking_link: string | null; expected_date?: 'yyyy-mm-dd' | null }
   */
  'exchange-shipped',
  /**
   * A cash-on-delivery order placed: confirm it by the link (single use) within `hours`.
   * extra: { confirm_url: string; hours: number }
   */
  'cod-confirm',
  /** Staff: orders waiting to be packed and shipped, each morning. Data: StaffDigestData. */
  'staff-digest',
  /** The courier is out to deliver the parcel today. extra: {} */
  'order-out-for-delivery',
  /** The courier could not deliver the parcel. extra: { reason: string } */
  'order-delivery-failed',
  /** The shopper's account was erased (privacy/). Data: AccountErasedData. */
  'account-erased',
  /**
   * A size the address waited for is back (written by the database's trigger, migration
   * 0020). Data: BackInStockData.
   */
  'back-in-stock',
  /**
   * A guest's Notify me: confirm the address by the link before any back-in-stock mail
   * (back-in-stock/). Data: BackInStockConfirmData.
   */
  'back-in-stock-confirm',
  /** Staff approved or rejected a wholesale application (wholesale/). Data: WholesaleDecidedData. */
  'wholesale-decided',
  /** Staff drew the shopper's entry as a giveaway's winner (giveaways/). Data: GiveawayWonData. */
  'giveaway-won',
  /** A staff invitation with its one-time setup link (staff/). Data: StaffInvitationData. */
  'staff-invitation',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

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

/**
 * Who a mail is for: a shopper's mails end with the shop's contact paragraphs, staff mails
 * with why staff get them; an invitee is not staff yet, and their mail says why it came.
 */
export type Audience = 'shopper' | 'staff' | 'invitee';

interface TemplateSpec {
  audience: Audience;
  content(data: unknown, publicUrl: string): MailContent;
}

/** A template; `content` is given the shop's public address for data that has no links. */
function spec<S extends z.ZodType>(
  audience: Audience,
  schema: S,
  content: (data: z.infer<S>, publicUrl: string) => MailContent,
): TemplateSpec {
  return { audience, content: (data, publicUrl) => content(schema.parse(data), publicUrl) };
}

const TEMPLATES: Record<MailTemplate, TemplateSpec> = {
  'order-confirmed': spec('shopper', OrderMail, orderMails.orderConfirmed),
  'order-paid-too-late': spec(
    'shopper',
    orderMail(Extras['order-paid-too-late']),
    orderMails.orderPaidTooLate,
  ),
  'order-shipped': spec('shopper', orderMail(Extras['order-shipped']), orderMails.orderShipped),
  'order-delivered': spec('shopper', OrderMail, orderMails.orderDelivered),
  'order-canceled': spec('shopper', orderMail(Extras['order-canceled']), orderMails.orderCanceled),
  'order-refunded': spec('shopper', orderMail(Extras['order-refunded']), orderMails.orderRefunded),
  'return-decided': spec('shopper', orderMail(Extras['return-decided']), orderMails.returnDecided),
  'exchange-shipped': spec(
    'shopper',
    orderMail(Extras['exchange-shipped']),
    orderMails.exchangeShipped,
  ),
  'cod-confirm': spec('shopper', orderMail(Extras['cod-confirm']), orderMails.codConfirm),
  'staff-digest': spec('staff', StaffDigestData, staffDigestMail),
  'order-out-for-delivery': spec('shopper', OrderMail, orderMails.orderOutForDelivery),
  'order-delivery-failed': spec(
    'shopper',
    orderMail(Extras['order-delivery-failed']),
    orderMails.orderDeliveryFailed,
  ),
  'account-erased': spec('shopper', AccountErasedData, accountErasedMail),
  'back-in-stock': spec('shopper', BackInStockData, backInStockMail),
  'back-in-stock-confirm': spec('shopper', BackInStockConfirmData, backInStockConfirmMail),
  'wholesale-decided': spec('shopper', WholesaleDecidedData, wholesaleDecidedMail),
  'giveaway-won': spec('shopper', GiveawayWonData, giveawayWonMail),
  'staff-invitation': spec('invitee', StaffInvitationData, staffInvitationMail),
};

/** A message the worker cannot render: it is marked dead with this message. */
export class MailDataError extends Error {}

export function isMailTemplate(name: string): name is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(name);
}

/** Where the frame's footer comes from: the shop's contact paragraphs, read at send time. */
export interface RenderContext {
  shopName: string;
  publicUrl: string;
  shopperFooter: string[];
  staffFooter: string[];
  /** The shop's support address from its settings ('' when none): shoppers' replies go there. */
  supportEmail: string;
}

/** Renders a message; throws MailDataError for an unknown template or data it cannot read. */
export function renderTemplate(template: string, data: unknown, ctx: RenderContext): RenderedMail {
  if (!isMailTemplate(template)) throw new MailDataError(`unknown template '${template}'`);
  const t = TEMPLATES[template];
  let content: MailContent;
  try {
    content = t.content(data, ctx.publicUrl);
  } catch (err) {
    if (err instanceof z.ZodError) {
      const problems = err.issues.map((i) => `${i.path.join('.') || 'data'}: ${i.message}`);
      throw new MailDataError(`bad data for '${template}': ${problems.join('; ')}`);
    }
    throw err;
  }
  const frame: MailFrame = {
    shopName: ctx.shopName,
    publicUrl: ctx.publicUrl,
    footer: { shopper: ctx.shopperFooter, staff: ctx.staffFooter, invitee: [] }[t.audience],
  };
  return {
    subject: content.subject,
    html: contentHtml(content, frame),
    text: contentText(content, frame),
    ...(t.audience === 'shopper' && ctx.supportEmail !== '' ? { replyTo: ctx.supportEmail } : {}),
  };
}
