// The WhatsApp order updates (decision 066): one approved template per order event, declared
// once here — its name, the words to submit in WhatsApp Manager with {{1}}, {{2}}, … for its
// body parameters (filled in this order), and its one button, a link to the shop. The owner
// registers each with exactly these words (docs/owners-guide.md lists them); the Cloud API
// refuses a message whose template or parameter count differs (132001, 132000). Meta refuses
// a template that starts or ends with a parameter, so none does.
import { orderPagePath } from '@kitroom/contract';
import { SHOP_NAME } from '../mail/index.js';
import { formatDay, rupees } from './mail-format.js';
import type { OrderMailData } from './order-mail-data.js';
import type { OrderMailTemplate } from './templates.js';

/** What a WhatsApp outbox row holds: the template's body parameters and its link's path. */
export interface WhatsAppMessageData {
  body: string[];
  /** The button's URL suffix: the shop's address + '/' + this. */
  button: string;
}

/** A template filled from `D`: an order event's mail data, or another domain's (a launch's). */
export interface WhatsAppTemplate<D = OrderMailData> {
  /** As registered in WhatsApp Manager (lower case, underscores). */
  readonly name: string;
  /** The body to submit for approval; {{n}} is the n-th of `params`. */
  readonly text: string;
  /** The button's label; its URL is registered as https://<your shop>/{{1}}. */
  readonly buttonLabel: string;
  params(o: D): string[];
  /** The button's path (no leading slash). */
  button(o: D): string;
}

/** What an outbox row of the template holds, filled from `d`. */
export const whatsappMessage = <D>(t: WhatsAppTemplate<D>, d: D) => ({
  name: t.name,
  data: { body: t.params(d), button: t.button(d) } satisfies WhatsAppMessageData,
});

const orderPath = (o: OrderMailData) => orderPagePath(o.order_id).slice(1);
const extraNumber = (o: OrderMailData, key: string) => Number(o.extra[key] ?? 0);

/**
 * The templates, by the order mail whose event sends them. An event without one (a
 * cancellation, a return's decision) is told by mail only.
 */
export const WHATSAPP_TEMPLATES: Partial<Record<OrderMailTemplate, WhatsAppTemplate>> = {
  'order-confirmed': {
    name: 'kitroom_order_confirmed',
    text: `Hello {{1}}, thank you for your ${SHOP_NAME} order #{{2}}. We have received your payment of {{3}}. We expect to deliver it by {{4}} and will send you the tracking link here when it ships.`,
    buttonLabel: 'View order',
    params: (o) => [
      o.name,
      String(o.order_id),
      rupees(o.total_paise),
      o.expected_date ? formatDay(o.expected_date) : 'in a few days',
    ],
    button: orderPath,
  },
  'cod-confirm': {
    name: 'kitroom_cod_confirm',
    text: `Hello {{1}}, please confirm your cash-on-delivery order #{{2}} from ${SHOP_NAME}: you will pay {{3}} to the courier. An order not confirmed within {{4}} is canceled. Did not order this? Ignore this message.`,
    buttonLabel: 'Confirm my order',
    params: (o) => {
      const hours = extraNumber(o, 'hours');
      return [
        o.name,
        String(o.order_id),
        rupees(o.total_paise),
        hours === 1 ? '1 hour' : `${hours} hours`,
      ];
    },
    button: (o) => {
      const url = new URL(String(o.extra.confirm_url ?? ''));
      return `${url.pathname}${url.search}`.slice(1);
    },
  },
  'order-shipped': {
    name: 'kitroom_order_shipped',
    text: `Hello {{1}}, your ${SHOP_NAME} order #{{2}} has shipped with {{3}}. Tracking number (AWB): {{4}}. Track it here: {{5}} — thank you for shopping with ${SHOP_NAME}.`,
    buttonLabel: 'View order',
    params: (o) => [
      o.name,
      String(o.order_id),
      o.courier_name ?? 'our courier',
      o.tracking_id ?? 'not given yet',
      o.tracking_link ?? o.order_url,
    ],
    button: orderPath,
  },
  'order-out-for-delivery': {
    name: 'kitroom_out_for_delivery',
    text: `Hello {{1}}, your ${SHOP_NAME} order #{{2}} is out for delivery with {{3}} and should reach you today. Please keep your phone at hand: the courier may call before coming.`,
    buttonLabel: 'View order',
    params: (o) => [o.name, String(o.order_id), o.courier_name ?? 'our courier'],
    button: orderPath,
  },
  'order-delivered': {
    name: 'kitroom_order_delivered',
    text: `Hello {{1}}, your ${SHOP_NAME} order #{{2}} was delivered. We hope it fits well! If something is not right, you can ask for a return or a size exchange on your order page within 7 days.`,
    buttonLabel: 'View order',
    params: (o) => [o.name, String(o.order_id)],
    button: orderPath,
  },
  'order-refunded': {
    name: 'kitroom_refund_issued',
    text: `Hello {{1}}, we have refunded {{2}} for your ${SHOP_NAME} order #{{3}}. Your bank may take a few working days to show it.`,
    buttonLabel: 'View order',
    params: (o) => [o.name, rupees(extraNumber(o, 'refund_paise')), String(o.order_id)],
    button: orderPath,
  },
};

/** The message an order event sends on WhatsApp, or null when the event has no template. */
export function whatsappMessageOf(
  template: OrderMailTemplate,
  o: OrderMailData,
): { name: string; data: WhatsAppMessageData } | null {
  const t = WHATSAPP_TEMPLATES[template];
  return t ? whatsappMessage(t, o) : null;
}
