// Outbox helpers for tests: order-mail data without an order behind it, many messages at
// once, the rows as a test reads them, and the clock moved on for the ones waiting to retry.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import type { OrderMailData } from '../notifications/order-mail-data.js';
import { enqueue } from '../notifications/outbox.service.js';
import { ORDER_MAILS } from '../notifications/templates.js';
import { mailTemplates, type MailTemplate } from '../outbox.js';

/** An order mail's data as enqueueOrderMail writes it: two lines, a coupon, Kerala shipping. */
export function orderMailData(o: Partial<OrderMailData> = {}): OrderMailData {
  return {
    order_id: 41,
    name: 'Asha Menon',
    order_url: 'https://shop.example/reviewOrdersDetails/41',
    items: [
      {
        name: 'Kerala Blasters Home Jersey 2024',
        size: 'M',
        quantity: 2,
        line_paise: 259_800,
        print: 'Printed: LUNA · 10',
      },
      { name: 'India Away Jersey 2026', size: 'L', quantity: 1, line_paise: 149_900, print: '' },
    ],
    subtotal_paise: 409_700,
    cod_fee_paise: 0,
    shipping_paise: 6_000,
    discount_paise: 20_000,
    total_paise: 395_700,
    address: 'Asha Menon, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210',
    courier_name: null,
    tracking_id: null,
    tracking_link: null,
    expected_date: null,
    extra: {},
    ...o,
  };
}

/** Writes `n` order-confirmed mails, one to each of shopper-<prefix>-<i>@example.com. */
export async function enqueueMany(db: Queryable, n: number, prefix: string): Promise<string[]> {
  const recipients = Array.from({ length: n }, (_, i) => `shopper-${prefix}-${i + 1}@example.com`);
  for (const [i, recipient] of recipients.entries()) {
    await enqueue(db, {
      template: ORDER_MAILS['order-confirmed'],
      recipient,
      data: { ...orderMailData({ order_id: 1000 + i }) },
    });
  }
  return recipients;
}

/** Writes one message of a template. */
export async function enqueueOne(
  db: Queryable,
  template: MailTemplate,
  recipient: string,
  data: object,
): Promise<number> {
  const spec = mailTemplates.get(template);
  if (!spec) throw new Error(`enqueueOne: no template '${template}'`);
  const id = await enqueue(db, { template: spec, recipient, data: { ...data } });
  if (id === null) throw new Error('enqueueOne: deduplicated');
  return id;
}

export interface OutboxRow {
  id: number;
  template: string;
  recipient: string;
  status: 'pending' | 'sent' | 'dead';
  attempts: number;
  last_error: string | null;
  /** Seconds from now to next_attempt_at (negative: due). */
  due_in_s: number;
  sent: boolean;
}

export async function outboxRows(db: Queryable, recipientLike = '%'): Promise<OutboxRow[]> {
  const rows = await queryRows<OutboxRow>(
    db,
    sql`SELECT id, template, recipient, status, attempts, last_error,
               extract(epoch FROM next_attempt_at - now())::float8 AS due_in_s,
               sent_at IS NOT NULL AS sent
        FROM outbox WHERE recipient LIKE ${recipientLike} ORDER BY id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), due_in_s: Number(r.due_in_s) }));
}

/** As if the back-off had passed: every pending message is due now. */
export async function makeOutboxDue(db: Queryable): Promise<void> {
  await db.execute(sql`UPDATE outbox SET next_attempt_at = now() WHERE status = 'pending'`);
}
