// The WhatsApp channel's one seam (decision 066): a sender that delivers an approved template
// to a number, and the Cloud API adapter behind it — POST {base}/{version}/{phone-number-id}/
// messages with the system user's bearer token, responded to with {messaging_product, contacts,
// messages: [{id: 'wamid.…'}]} or {error: {message, type, code, error_subcode, fbtrace_id}}.
// Its webhooks are signed X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the
// app secret>. Tests point the base URL at test/whatsapp-fake.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppConfig } from '../config.js';
import type { WhatsAppMessageData } from './whatsapp-templates.js';

export interface WhatsAppSender {
  /** Sends a template message; returns the message's id (wamid). Throws WhatsAppSendError. */
  send(to: string, template: string, data: WhatsAppMessageData): Promise<string>;
}

/**
 * A send that failed: `permanent` when trying again cannot help (an unknown template, a
 * number not on WhatsApp, wrong parameters); otherwise the outbox retries it.
 */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * Cloud API error codes worth trying again: throttling (4, 80007, 130429, 131056), the
 * service's own trouble (1, 2, 131000, 131016, 133004) and an access token the owner may
 * renew (190, 0). Any other refusal of a request is the request's fault.
 */
const RETRYABLE_CODES = new Set([0, 1, 2, 4, 190, 80007, 130429, 131000, 131016, 131056, 133004]);
const SEND_TIMEOUT_MS = 15_000;

interface GraphError {
  message?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { details?: string };
  fbtrace_id?: string;
}

function errorText(status: number, e: GraphError | undefined): string {
  if (!e) return `WhatsApp responded ${status}`;
  const details = e.error_data?.details ? ` (${e.error_data.details})` : '';
  return `WhatsApp error ${e.code ?? status}: ${e.message ?? 'no message'}${details}`;
}

/** The Cloud API adapter. */
export function cloudApiSender(config: WhatsAppConfig): WhatsAppSender {
  const url = `${config.apiBase}/${config.apiVersion}/${config.phoneNumberId}/messages`;
  return {
    async send(to, template, data) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${config.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to,
            type: 'template',
            template: {
              name: template,
              language: { code: config.language },
              components: [
                { type: 'body', parameters: data.body.map((text) => ({ type: 'text', text })) },
                {
                  type: 'button',
                  sub_type: 'url',
                  index: '0',
                  parameters: [{ type: 'text', text: data.button }],
                },
              ],
            },
          }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (err) {
        throw new WhatsAppSendError(
          `WhatsApp could not be reached: ${err instanceof Error ? err.message : String(err)}`,
          false,
        );
      }
      const parsed = (await response.json().catch(() => null)) as {
        messages?: { id?: string }[];
        error?: GraphError;
      } | null;
      const wamid = parsed?.messages?.[0]?.id;
      if (response.ok && typeof wamid === 'string' && wamid !== '') return wamid;
      const code = parsed?.error?.code;
      const permanent =
        response.status >= 400 &&
        response.status < 500 &&
        response.status !== 429 &&
        response.status !== 401 &&
        !(code !== undefined && RETRYABLE_CODES.has(code));
      throw new WhatsAppSendError(errorText(response.status, parsed?.error), permanent);
    },
  };
}

/** Whether X-Hub-Signature-256 is the app secret's HMAC-SHA256 of the raw body. */
export function signatureValid(appSecret: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'utf8');
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody).digest('hex'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
