// WhatsApp order updates (decision 066; OPERATIONS.md, Channels): a shopper opts in at
// checkout (the number, the exact wording and the time are kept) and out in My Account or by
// sending STOP; while opted in, each order event that writes its mail also writes its
// WhatsApp template message, in the same transaction, for the outbox worker to send. The
// Cloud API's webhooks report what became of each message.
import {
  whatsappDisplayNumber,
  whatsappOptInWording,
  type WhatsAppUpdatesResponse,
} from '@kitroom/contract';
import type { AdminWhatsAppMessage } from '@kitroom/contract/admin';
import type { Queryable } from '../db/index.js';
import type { OrderMailData } from './order-mail-data.js';
import { enqueueWhatsApp } from './outbox.service.js';
import type { OrderMailTemplate } from './templates.js';
import { whatsappMessageOf, type WhatsAppMessageData } from './whatsapp-templates.js';
import * as q from './whatsapp.queries.js';

/** '9876543210' → '919876543210': an Indian mobile number as WhatsApp addresses it. */
const waNumber = (phone: string) => `91${phone}`;
/** '919876543210' → '+91 98765 43210'. */
const shown = (wa: string) => (wa.startsWith('91') ? whatsappDisplayNumber(wa.slice(2)) : `+${wa}`);

/**
 * At checkout, in the order's transaction: the shopper ticked the box for this number. A
 * shopper already opted in for the same number keeps their first record; an opt-in for
 * another number ends the earlier one (stamped as the shopper's own change).
 */
export async function recordOptIn(
  tx: Queryable,
  userId: number,
  phone: string,
  at: Date,
): Promise<void> {
  const latest = await q.latestConsent(tx, userId);
  if (latest && latest.opted_out_at === null && latest.phone === waNumber(phone)) return;
  await q.optOutUser(tx, userId, at);
  await q.insertConsent(tx, {
    userId,
    phone: waNumber(phone),
    wording: whatsappOptInWording(phone),
    at,
  });
}

/** The shopper's choice, as My Account shows it. */
export async function choiceOf(
  db: Queryable,
  userId: number,
  available: boolean,
): Promise<WhatsAppUpdatesResponse> {
  const latest = await q.latestConsent(db, userId);
  const optedIn = latest !== null && latest.opted_out_at === null;
  return {
    available,
    opted_in: optedIn,
    phone: optedIn ? shown(latest.phone) : null,
    since: latest ? new Date(latest.opted_out_at ?? latest.opted_in_at).toISOString() : null,
  };
}

/** My Account's "Stop WhatsApp updates": returns the choice after it. */
export async function optOut(
  db: Queryable,
  userId: number,
  available: boolean,
  at = new Date(),
): Promise<WhatsAppUpdatesResponse> {
  await q.optOutUser(db, userId, at);
  return choiceOf(db, userId, available);
}

/**
 * Beside an order mail, in its transaction: the event's WhatsApp message to the shopper's
 * number while they are opted in (nothing for an event that has no template).
 */
export async function enqueueOrderWhatsApp(
  tx: Queryable,
  userId: number,
  template: OrderMailTemplate,
  data: OrderMailData,
  dedupeKey: string | null,
): Promise<void> {
  const message = whatsappMessageOf(template, data);
  if (!message) return;
  await enqueueShopperWhatsApp(tx, userId, message, { orderId: data.order_id, dedupeKey });
}

/**
 * A template message to the shopper's WhatsApp number, in the caller's transaction, while they
 * are opted in; nothing otherwise. `dedupeKey` is the event's (its mail's) key.
 */
export async function enqueueShopperWhatsApp(
  tx: Queryable,
  userId: number,
  message: { name: string; data: WhatsAppMessageData },
  o: { orderId: number | null; dedupeKey: string | null },
): Promise<void> {
  const consent = await q.latestConsent(tx, userId);
  if (!consent || consent.opted_out_at !== null) return;
  await enqueueWhatsApp(tx, {
    template: message.name,
    recipient: consent.phone,
    data: message.data,
    orderId: o.orderId,
    dedupeKey: o.dedupeKey === null ? null : `whatsapp:${o.dedupeKey}`,
  });
}

const STATUS_RANK = { sent: 1, delivered: 2, read: 3, failed: 4 } as const;
type ReportedStatus = keyof typeof STATUS_RANK;

/** What a webhook delivery did: statuses kept, opt-outs by STOP. */
export interface WebhookOutcome {
  statuses: number;
  optOuts: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function failureOf(status: Record<string, unknown>): string | null {
  const [first] = list(status.errors);
  if (!isRecord(first)) return null;
  const details = isRecord(first.error_data) ? first.error_data.details : undefined;
  const words = [first.title ?? first.message, details].filter((w) => typeof w === 'string');
  return `${String(first.code ?? '')} ${words.join(': ')}`.trim().slice(0, 500) || null;
}

/**
 * A signed webhook delivery (object whatsapp_business_account): each status of one of our
 * messages is kept when it is further along; a text 'STOP' from a number ends its opt-ins.
 * Anything else in it is acknowledged and left.
 */
export async function applyWebhook(db: Queryable, payload: unknown): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { statuses: 0, optOuts: 0 };
  if (!isRecord(payload) || payload.object !== 'whatsapp_business_account') return outcome;
  for (const entry of list(payload.entry)) {
    if (!isRecord(entry)) continue;
    for (const change of list(entry.changes)) {
      if (!isRecord(change) || change.field !== 'messages' || !isRecord(change.value)) continue;
      for (const s of list(change.value.statuses)) {
        if (!isRecord(s) || typeof s.id !== 'string' || typeof s.status !== 'string') continue;
        if (!(s.status in STATUS_RANK)) continue;
        const status = s.status as ReportedStatus;
        const seconds = Number(s.timestamp);
        const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
        const error = status === 'failed' ? failureOf(s) : null;
        if (
          await q.applyStatus(db, { wamid: s.id, status, rank: STATUS_RANK[status], error, at })
        ) {
          outcome.statuses += 1;
        }
      }
      for (const m of list(change.value.messages)) {
        if (!isRecord(m) || m.type !== 'text' || typeof m.from !== 'string') continue;
        const body = isRecord(m.text) && typeof m.text.body === 'string' ? m.text.body : '';
        if (body.trim().toUpperCase() !== 'STOP') continue;
        outcome.optOuts += await q.optOutNumber(db, m.from.replace(/\D/g, ''), new Date());
      }
    }
  }
  return outcome;
}

/** The order page's WhatsApp messages in the back office. */
export async function orderWhatsAppMessages(
  db: Queryable,
  orderId: number,
): Promise<AdminWhatsAppMessage[]> {
  const rows = await q.messagesOfOrder(db, orderId);
  return rows.map((r) => {
    const status: AdminWhatsAppMessage['status'] =
      r.outbox_status === 'dead'
        ? 'not_sent'
        : r.outbox_status === 'pending'
          ? 'waiting'
          : (r.status ?? 'accepted');
    return {
      id: r.id,
      template: r.template,
      to: shown(r.recipient),
      status,
      error: status === 'not_sent' || status === 'waiting' ? r.last_error : r.error,
      created_at: new Date(r.created_at).toISOString(),
      status_at: new Date(r.status_at ?? r.sent_at ?? r.created_at).toISOString(),
    };
  });
}

/** WhatsApp messages given up on or reported failed in the last day (the Status page). */
export async function failedLastDay(db: Queryable, now = new Date()): Promise<number> {
  return q.failedSince(db, new Date(now.getTime() - 24 * 60 * 60_000));
}
