// The shopper's order mails: what each says, from the order as it was when the event
// happened (OrderMailData) and the event's own fields (`extra`, see templates.ts).
import type { z } from 'zod';
import { SHOP_NAME } from '../mail/index.js';
import { isWebLink, type Block, type MailContent } from './mail-content.js';
import { formatDay, rupees } from './mail-format.js';
import type { Extras, OrderMail } from './templates.js';

type With<K extends keyof typeof Extras> = OrderMail & { extra: z.infer<(typeof Extras)[K]> };

const subjectOf = (o: OrderMail, rest: string) => `${SHOP_NAME} order #${o.order_id} ${rest}`;
const hello = (o: OrderMail): Block => ({ kind: 'text', text: `Hello ${o.name},` });
const orderLink = (o: OrderMail, quiet = false): Block => ({
  kind: 'link',
  label: 'View your order',
  href: o.order_url,
  quiet,
});

/** The order's lines, and its totals under them. */
function lines(o: OrderMail): Block {
  const totals = [
    { label: 'Items', value: rupees(o.subtotal_paise) },
    { label: 'Shipping', value: rupees(o.shipping_paise) },
    ...(o.cod_fee_paise > 0
      ? [{ label: 'Cash on delivery fee', value: rupees(o.cod_fee_paise) }]
      : []),
    ...(o.discount_paise > 0 ? [{ label: 'Discount', value: `−${rupees(o.discount_paise)}` }] : []),
    { label: 'Total', value: rupees(o.total_paise) },
  ];
  return {
    kind: 'lines',
    lines: o.items.map((i) => ({
      name: i.print === '' ? i.name : `${i.name} — ${i.print}`,
      size: i.size,
      quantity: i.quantity,
      amount: rupees(i.line_paise),
    })),
    totals,
  };
}

/** Courier, tracking id (linked) and expected date: whichever are known. */
function tracking(t: {
  courier_name: string | null;
  tracking_id: string | null;
  tracking_link: string | null;
  expected_date?: string | null;
}): Block[] {
  const rows = [
    ...(t.courier_name ? [{ label: 'Courier', value: t.courier_name }] : []),
    ...(t.tracking_id
      ? [{ label: 'Tracking id', value: t.tracking_id, href: t.tracking_link }]
      : []),
    ...(t.expected_date ? [{ label: 'Expected by', value: formatDay(t.expected_date) }] : []),
  ];
  return rows.length > 0 ? [{ kind: 'facts', rows }] : [];
}

function trackLink(link: string | null): Block[] {
  return isWebLink(link) ? [{ kind: 'link', label: 'Track your parcel', href: link }] : [];
}

export function orderConfirmed(o: OrderMail): MailContent {
  const total = rupees(o.total_paise);
  return {
    subject: subjectOf(o, 'is confirmed'),
    preview: `We have received your payment of ${total}.`,
    heading: 'Thank you for your order',
    blocks: [
      hello(o),
      {
        kind: 'text',
        text: `Thank you! We have received your payment of ${total} for order #${o.order_id}.`,
      },
      lines(o),
      { kind: 'facts', rows: [{ label: 'Delivering to', value: o.address }] },
      {
        kind: 'text',
        text: 'We will ship within 5 days and mail you the tracking link when it leaves us.',
      },
      orderLink(o),
    ],
  };
}

export function codConfirm(o: With<'cod-confirm'>): MailContent {
  const total = rupees(o.total_paise);
  const hours = o.extra.hours === 1 ? '1 hour' : `${o.extra.hours} hours`;
  return {
    subject: subjectOf(o, 'needs your confirmation'),
    preview: `Please confirm your cash-on-delivery order within ${hours}.`,
    heading: 'Please confirm your order',
    blocks: [
      hello(o),
      {
        kind: 'text',
        text: `Thank you for order #${o.order_id}. You chose cash on delivery: you will pay ${total} to the courier. Please confirm the order within ${hours}, so that we can pack it; an order not confirmed by then is canceled.`,
      },
      { kind: 'link', label: 'Confirm my order', href: o.extra.confirm_url },
      lines(o),
      { kind: 'facts', rows: [{ label: 'Delivering to', value: o.address }] },
      {
        kind: 'text',
        text: 'Did not order this? Ignore this mail and nothing will be sent.',
      },
      orderLink(o, true),
    ],
  };
}

export function orderPaidTooLate(o: With<'order-paid-too-late'>): MailContent {
  const paid = rupees(o.total_paise);
  const refund = rupees(o.extra.refund_paise ?? o.total_paise);
  return {
    subject: subjectOf(o, 'was canceled — refund on its way'),
    preview: `Your refund of ${refund} will be processed within 7 days.`,
    heading: 'Your order was canceled',
    blocks: [
      hello(o),
      {
        kind: 'text',
        text: `Your payment of ${paid} for order #${o.order_id} reached us after the order's hold on its items had ended, and since then: ${o.extra.reason}`,
      },
      {
        kind: 'text',
        text: `We have canceled the order. Your refund of ${refund} will be processed within 7 days.`,
      },
      lines(o),
      orderLink(o),
    ],
  };
}

export function orderShipped(o: With<'order-shipped'>): MailContent {
  return {
    subject: subjectOf(o, 'has shipped'),
    preview: o.tracking_id
      ? `Tracking id ${o.tracking_id}${o.courier_name ? ` with ${o.courier_name}` : ''}.`
      : 'Your order is on its way.',
    heading: 'Your order is on its way',
    blocks: [
      hello(o),
      { kind: 'text', text: `Good news: order #${o.order_id} has shipped.` },
      ...tracking(o),
      ...trackLink(o.tracking_link),
      { kind: 'facts', rows: [{ label: 'Delivering to', value: o.address }] },
      lines(o),
      ...(o.extra.invoice_number
        ? [
            {
              kind: 'text' as const,
              text: `Your tax invoice ${o.extra.invoice_number} is attached; you can also download it from your order page.`,
            },
          ]
        : []),
      orderLink(o, true),
    ],
  };
}

export function orderDelivered(o: OrderMail): MailContent {
  return {
    subject: subjectOf(o, 'was delivered'),
    preview: 'We hope it fits well.',
    heading: 'Delivered',
    blocks: [
      hello(o),
      { kind: 'text', text: `Order #${o.order_id} was delivered. We hope it fits well!` },
      {
        kind: 'text',
        text: 'If something is not right, you can ask for a return or a size exchange on your order page within 7 days of delivery.',
      },
      lines(o),
      orderLink(o),
    ],
  };
}

export function orderOutForDelivery(o: OrderMail): MailContent {
  return {
    subject: subjectOf(o, 'is out for delivery'),
    preview: 'Your parcel arrives today.',
    heading: 'Out for delivery',
    blocks: [
      hello(o),
      {
        kind: 'text',
        text: `Order #${o.order_id} is out for delivery and should reach you today. Please keep your phone at hand: the courier may call before coming.`,
      },
      ...tracking(o),
      ...trackLink(o.tracking_link),
      { kind: 'facts', rows: [{ label: 'Delivering to', value: o.address }] },
      orderLink(o, true),
    ],
  };
}

export function orderDeliveryFailed(o: With<'order-delivery-failed'>): MailContent {
  return {
    subject: subjectOf(o, 'could not be delivered'),
    preview: `The courier could not deliver it: ${o.extra.reason}.`,
    heading: 'We missed you',
    blocks: [
      hello(o),
      {
        kind: 'text',
        text: `The courier could not deliver order #${o.order_id} today. The reason they gave: ${o.extra.reason}.`,
      },
      {
        kind: 'text',
        text: 'We will ask them to try again. If you need to change something about the delivery, reply to this mail or call us.',
      },
      ...tracking(o),
      ...trackLink(o.tracking_link),
      { kind: 'facts', rows: [{ label: 'Delivering to', value: o.address }] },
      orderLink(o, true),
    ],
  };
}

export function orderCanceled(o: With<'order-canceled'>): MailContent {
  const { reason, refund_paise: refund, canceled_by: by } = o.extra;
  const money: Block =
    refund !== null && refund > 0
      ? {
          kind: 'text',
          text: `We are refunding ${rupees(refund)} to the way you paid. It will be processed within 7 days, and we will mail you when it is done.`,
        }
      : {
          kind: 'text',
          text: 'No payment was taken for this order, so there is nothing to refund.',
        };
  return {
    subject: subjectOf(o, 'was canceled'),
    preview: refund ? `Your refund of ${rupees(refund)} is on its way.` : 'Nothing was charged.',
    heading: 'Your order was canceled',
    blocks: [
      hello(o),
      {
        kind: 'text',
        text:
          by === 'shopper'
            ? `As you asked, we have canceled order #${o.order_id}.`
            : `We have canceled order #${o.order_id}.`,
      },
      ...(reason.trim()
        ? [{ kind: 'facts' as const, rows: [{ label: 'Reason', value: reason }] }]
        : []),
      money,
      lines(o),
      orderLink(o, true),
    ],
  };
}

export function orderRefunded(o: With<'order-refunded'>): MailContent {
  const refund = rupees(o.extra.refund_paise);
  const soFar = o.extra.refunded_total_paise;
  const to = o.extra.paid_out_to;
  return {
    subject: subjectOf(o, `— refund of ${refund} processed`),
    preview: to
      ? `We have transferred ${refund} to ${to}.`
      : `We have refunded ${refund} to the way you paid.`,
    heading: 'Your refund is processed',
    blocks: [
      hello(o),
      {
        kind: 'text',
        text: to
          ? `We have transferred ${refund} for order #${o.order_id} to ${to}. It should reach your account within a day.`
          : `We have refunded ${refund} for order #${o.order_id} to the way you paid. Your bank may take a few working days to show it.`,
      },
      ...(to && o.extra.utr
        ? [
            {
              kind: 'facts' as const,
              rows: [{ label: 'Transfer reference (UTR)', value: o.extra.utr }],
            },
          ]
        : []),
      ...(soFar > o.extra.refund_paise
        ? [
            {
              kind: 'facts' as const,
              rows: [
                {
                  label: 'Refunded for this order',
                  value: `${rupees(soFar)} of ${rupees(o.total_paise)}`,
                },
              ],
            },
          ]
        : []),
      orderLink(o),
    ],
  };
}

export function returnDecided(o: With<'return-decided'>): MailContent {
  const { kind, approved, note, items, send_to: sendTo, pickup } = o.extra;
  const what = kind === 'exchange' ? 'size exchange' : 'return';
  const next =
    kind === 'exchange'
      ? 'Once the items reach us, we will ship the new size and mail you its tracking link.'
      : 'Once the items reach us, we will refund you and mail you when it is done.';
  const listed: Block[] =
    items && items.length > 0
      ? [
          {
            kind: 'table',
            head: ['Item', 'Size', 'Qty'],
            rows: items.map((i) => [
              i.name,
              i.new_size ? `${i.size} → ${i.new_size}` : i.size,
              String(i.quantity),
            ]),
          },
        ]
      : [];
  return {
    subject: subjectOf(o, approved ? `— your ${what} is approved` : `— about your ${what} request`),
    preview: approved ? `Your ${what} is approved.` : `We could not accept your ${what} request.`,
    heading: approved ? `Your ${what} is approved` : `About your ${what} request`,
    blocks: [
      hello(o),
      {
        kind: 'text',
        text: approved
          ? `We have approved your ${what} request for order #${o.order_id}.`
          : `We are sorry: we could not accept your ${what} request for order #${o.order_id}.`,
      },
      ...listed,
      ...(note?.trim()
        ? [{ kind: 'facts' as const, rows: [{ label: 'From our team', value: note }] }]
        : []),
      ...(approved && pickup
        ? [
            {
              kind: 'facts' as const,
              rows: [{ label: 'We will collect it from', value: o.address }],
            },
            {
              kind: 'text' as const,
              text:
                'Our courier will collect the parcel from you: we will mail you its waybill once the pickup is booked. Pack the shirts with their tags, and write order #' +
                `${o.order_id} on the parcel.`,
            },
          ]
        : []),
      ...(approved && sendTo && !pickup
        ? [
            { kind: 'facts' as const, rows: [{ label: 'Send the parcel to', value: sendTo }] },
            {
              kind: 'text' as const,
              text: `Write order #${o.order_id} on the parcel and keep the courier's receipt until we confirm it has reached us.`,
            },
          ]
        : []),
      ...(approved ? [{ kind: 'text' as const, text: next }] : []),
      orderLink(o),
    ],
  };
}

export function returnPickupBooked(o: With<'return-pickup-booked'>): MailContent {
  const t = o.extra;
  const what = t.kind === 'exchange' ? 'size exchange' : 'return';
  return {
    subject: subjectOf(o, `— the pickup of your ${what} is booked`),
    preview: `${t.courier_name} will collect the parcel. Waybill ${t.tracking_id}.`,
    heading: 'Your pickup is booked',
    blocks: [
      hello(o),
      {
        kind: 'text',
        text: `${t.courier_name} will collect the parcel of your ${what} for order #${o.order_id} in the next few days. The courier brings the label: just have the parcel ready.`,
      },
      ...tracking(t),
      ...trackLink(t.tracking_link),
      { kind: 'facts', rows: [{ label: 'Collecting from', value: o.address }] },
      {
        kind: 'text',
        text: `Pack the shirts with their tags and write order #${o.order_id} on the parcel.`,
      },
      orderLink(o, true),
    ],
  };
}

export function exchangeShipped(o: With<'exchange-shipped'>): MailContent {
  const t = o.extra;
  return {
    subject: subjectOf(o, '— your replacement has shipped'),
    preview: t.tracking_id ? `Tracking id ${t.tracking_id}.` : 'Your replacement is on its way.',
    heading: 'Your replacement is on its way',
    blocks: [
      hello(o),
      { kind: 'text', text: `The new size for order #${o.order_id} has shipped.` },
      ...tracking(t),
      ...trackLink(t.tracking_link),
      { kind: 'facts', rows: [{ label: 'Delivering to', value: o.address }] },
      orderLink(o, true),
    ],
  };
}
