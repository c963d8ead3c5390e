// The transactional outbox (OPERATIONS.md, Notifications): a message is written by the
// service that makes the change, in the same transaction, so it exists exactly when the
// change does; a worker delivers it later, with retries, and a crash or an SMTP outage
// loses nothing.
import type { Queryable } from '../db/index.js';
import * as q from './outbox.queries.js';
import type { MailTemplateSpec } from './mail-template.js';
import type { WhatsAppMessageData } from './whatsapp-templates.js';

export interface OutboxMessage {
  /** The mail's template: only a defined template can be written (the row keeps its name). */
  template: MailTemplateSpec;
  recipient: string;
  data: Record<string, unknown>;
  orderId?: number | null;
  /** A message with this key is written once (a second enqueue is a no-op). */
  dedupeKey?: string | null;
}

/** Writes a message to the outbox in the caller's transaction; null when deduplicated. */
export async function enqueue(tx: Queryable, message: OutboxMessage): Promise<number | null> {
  return q.insertMessage(tx, {
    template: message.template.name,
    recipient: message.recipient,
    data: message.data,
    orderId: message.orderId ?? null,
    dedupeKey: message.dedupeKey ?? null,
  });
}

/** A WhatsApp message (decision 066): its approved template's name and what fills it in. */
export interface WhatsAppOutboxMessage {
  template: string;
  /** The number in E.164 digits: 919876543210. */
  recipient: string;
  data: WhatsAppMessageData;
  /** The order it is about; null for a message about no order (a launch's drop). */
  orderId: number | null;
  dedupeKey: string | null;
}

/** Writes a WhatsApp message to the outbox in the caller's transaction; null when deduplicated. */
export async function enqueueWhatsApp(
  tx: Queryable,
  message: WhatsAppOutboxMessage,
): Promise<number | null> {
  return q.insertMessage(tx, {
    channel: 'whatsapp',
    template: message.template,
    recipient: message.recipient,
    data: { ...message.data },
    orderId: message.orderId,
    dedupeKey: message.dedupeKey,
  });
}
