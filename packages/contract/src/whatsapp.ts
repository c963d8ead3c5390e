// WhatsApp order updates (decision 066): the wording a shopper ticks at checkout, which the
// server stores with the time, and the My Account calls that show and end the choice.
import { z } from 'zod';
import { Id } from './common.js';

/** '+91 98765 43210': a 10-digit Indian mobile number as WhatsApp shows it. */
export function whatsappDisplayNumber(phone: string): string {
  return `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
}

/** The checkbox's words at checkout before the number. */
export const WHATSAPP_OPT_IN_WORDS = 'Send me order updates on WhatsApp at ';

/** The checkbox's words at checkout, exactly as stored with the shopper's opt-in. */
export function whatsappOptInWording(phone: string): string {
  return `${WHATSAPP_OPT_IN_WORDS}${whatsappDisplayNumber(phone)}`;
}

// ── POST /api/whatsapp_updates.php, POST /api/whatsapp_updates_stop.php ──

/** The shopper's choice; _stop turns the updates off. */
export const WhatsAppUpdatesRequest = z.object({ user_id: Id });
export type WhatsAppUpdatesRequest = z.input<typeof WhatsAppUpdatesRequest>;

export const WhatsAppUpdatesResponse = z.object({
  /** False when the shop does not send WhatsApp updates (then nothing is offered). */
  available: z.boolean(),
  opted_in: z.boolean(),
  /** '+91 98765 43210' while opted in; null otherwise. */
  phone: z.string().nullable(),
  /** ISO 8601: when the shopper opted in (opted in) or out (opted out); null if never asked. */
  since: z.string().nullable(),
});
export type WhatsAppUpdatesResponse = z.infer<typeof WhatsAppUpdatesResponse>;
