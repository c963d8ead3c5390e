// What an order mail shows, taken when the event happens (in its transaction), so that the
// mail says what was true then, however late the worker sends it.
import { sql } from 'drizzle-orm';
import { orderPagePath, printedText } from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';
import type { MailAttachmentRef } from './mail-attachments.js';
import { enqueue } from './outbox.service.js';
import { ORDER_MAILS, type OrderMailTemplate } from './templates.js';
import { enqueueOrderWhatsApp } from './whatsapp.service.js';

export interface OrderMailData {
  order_id: number;
  name: string;
  /** The order page, absolute. */
  order_url: string;
  items: { name: string; size: string; quantity: number; line_paise: number; print: string }[];
  subtotal_paise: number;
  shipping_paise: number;
  discount_paise: number;
  /** Cash on delivery's fee (0 for an order paid online). */
  cod_fee_paise: number;
  total_paise: number;
  /** The delivery address as one line. */
  address: string;
  courier_name: string | null;
  tracking_id: string | null;
  tracking_link: string | null;
  expected_date: string | null;
  /** What the event adds: a cancellation's reason, a refund's amount, a return's decision. */
  extra: Record<string, unknown>;
}

interface Row {
  id: number;
  user_id: number;
  email: string;
  user_name: string;
  erased: boolean;
  shipping_address: Record<string, string | undefined>;
  subtotal_paise: number;
  shipping_paise: number;
  discount_paise: number;
  cod_fee_paise: number;
  total_paise: number;
  courier_name: string | null;
  tracking_id: string | null;
  tracking_link: string | null;
  expected_date: string | null;
}

/** The address as one display line. */
export function addressLine(a: Record<string, string | undefined>): string {
  const get = (k: string) => a[k]?.trim() ?? '';
  const name = `${get('first_name')} ${get('last_name')}`.trim();
  const place = `${get('state')} ${get('pincode')}`.trim();
  return [name, get('street_name'), get('city'), place, get('phone')].filter(Boolean).join(', ');
}

/**
 * Writes an order mail to the shopper into the outbox, in the caller's transaction, with the
 * order as it is now in that transaction, and its WhatsApp message when the shopper opted in;
 * nothing when the shopper's account was erased.
 */
export async function enqueueOrderMail(
  tx: Queryable,
  publicUrl: string,
  orderId: number,
  template: OrderMailTemplate,
  extra: Record<string, unknown> = {},
  dedupeKey: string | null = null,
  /** Files the worker attaches when it sends (made then from what the reference names). */
  attachments: readonly MailAttachmentRef[] = [],
): Promise<void> {
  const [o] = await queryRows<Row>(
    tx,
    sql`SELECT o.id, o.user_id, u.email, u.name AS user_name, u.erased_at IS NOT NULL AS erased,
               o.shipping_address, o.subtotal_paise,
               o.shipping_paise, o.discount_paise, o.cod_fee_paise, o.total_paise,
               o.courier_name, o.tracking_id,
               o.tracking_link, o.expected_date::text AS expected_date
        FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = ${orderId}`,
  );
  // An erased account (decision 037) has no address to write to: its mails went with it, and
  // news of its orders afterwards (a late payment given back, a refund) is written to nobody.
  if (!o || o.erased) return;
  const items = await queryRows<{
    product_name: string;
    size: string;
    quantity: number;
    unit_price_paise: number;
    print_name: string;
    print_number: number | null;
    print_patch: boolean;
  }>(
    tx,
    sql`SELECT product_name, size, quantity, unit_price_paise, print_name, print_number,
               print_patch
        FROM order_items WHERE order_id = ${orderId} ORDER BY id`,
  );
  const data: OrderMailData = {
    order_id: o.id,
    name: o.user_name,
    order_url: `${publicUrl}${orderPagePath(o.id)}`,
    items: items.map((i) => ({
      name: i.product_name,
      size: i.size,
      quantity: i.quantity,
      line_paise: i.unit_price_paise * i.quantity,
      // Every order mail says what is printed on the shirt (decision 049).
      print: printedText({ name: i.print_name, number: i.print_number, patch: i.print_patch }),
    })),
    subtotal_paise: o.subtotal_paise,
    shipping_paise: o.shipping_paise,
    discount_paise: o.discount_paise,
    cod_fee_paise: o.cod_fee_paise,
    total_paise: o.total_paise,
    address: addressLine(o.shipping_address),
    courier_name: o.courier_name,
    tracking_id: o.tracking_id,
    tracking_link: o.tracking_link,
    expected_date: o.expected_date,
    extra,
  };
  await enqueue(tx, {
    template: ORDER_MAILS[template],
    recipient: o.email,
    data: {
      ...(data as unknown as Record<string, unknown>),
      ...(attachments.length > 0 ? { attachments } : {}),
    },
    orderId,
    dedupeKey,
  });
  // The same event on WhatsApp, for a shopper who opted in (decision 066).
  await enqueueOrderWhatsApp(tx, o.user_id, template, data, dedupeKey);
}
