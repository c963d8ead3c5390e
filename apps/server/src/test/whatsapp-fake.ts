// A local stand-in for WhatsApp's Cloud API (graph.facebook.com), following Meta's published
// shapes (decision 066): POST /{version}/{phone-number-id}/messages with a bearer token, which
// gets {messaging_product, contacts: [{input, wa_id}], messages: [{id: 'wamid.…'}]} or a
// Graph error {error: {message, type, code, error_subcode?, error_data?, fbtrace_id}} — 190
// for a bad token, 100 for a malformed request or an unknown phone-number id, 132001 for a
// template not approved in that language, 132000 for a wrong parameter count, 131008 for a
// missing button parameter. A number that is not on WhatsApp is accepted and then fails by
// webhook with 131026, as the real API does. Like the real one it has no idempotency key: a
// second send is a second message. Webhooks (statuses and incoming texts) are signed
// X-Hub-Signature-256 with the app secret; tests post them, or the fake posts them itself
// after each accepted message (`autoStatuses`). Faults: the next sends respond 5xx or 429.
import { createHmac, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { LAUNCH_DROPPED_WHATSAPP } from '../launches/launch-dropped.mail.js';
import { WHATSAPP_TEMPLATES } from '../notifications/whatsapp-templates.js';

export interface FakeWhatsAppMessage {
  wamid: string;
  to: string;
  template: string;
  language: string;
  body: string[];
  button: string | null;
  /** The message as WhatsApp would show it: the approved text with its parameters. */
  text: string;
}

export interface FakeWhatsApp {
  url: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** Every message accepted, in order. */
  messages: FakeWhatsAppMessage[];
  /** Every call to /messages, with its response's status and error code. */
  calls: { status: number; code: number | null }[];
  /** Approved templates: name → body text with {{n}}; the shop's by default. */
  approved: Map<string, string>;
  /** Numbers that are not on WhatsApp (accepted, then failed by webhook with 131026). */
  notOnWhatsApp: Set<string>;
  /** The next `times` sends get `status` with the Graph error `code`. */
  failNext(times: number, status: number, code: number): void;
  /** A signed webhook body: (body, X-Hub-Signature-256). */
  signed(payload: unknown, secret?: string): { body: string; signature: string };
  statusPayload(
    wamid: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: { code: number; title: string },
  ): Record<string, unknown>;
  textPayload(from: string, text: string): Record<string, unknown>;
  /** Where the fake posts webhooks itself; null: it posts none. */
  webhookUrl: string | null;
  /** Statuses posted after each accepted message when webhookUrl is set. */
  autoStatuses: ('sent' | 'delivered' | 'read')[];
  /** Posts a payload, signed, to webhookUrl; returns the server's status. */
  post(payload: unknown): Promise<number>;
  close(): Promise<void>;
}

const graphError = (message: string, type: string, code: number, extra: object = {}) => ({
  error: { message, type, code, ...extra, fbtrace_id: randomBytes(8).toString('base64url') },
});

function fill(text: string, params: string[]): string {
  return text.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => params[Number(n) - 1] ?? `{{${n}}}`);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export async function startFakeWhatsApp(
  o: { language?: string; autoStatuses?: FakeWhatsApp['autoStatuses'] } = {},
): Promise<FakeWhatsApp> {
  const language = o.language ?? 'en';
  const app = Fastify({ logger: false });
  const faults: { status: number; code: number }[] = [];
  const displayNumber = '919000000001';

  const fake: FakeWhatsApp = {
    url: '',
    token: `EAAG${randomBytes(24).toString('hex')}`,
    phoneNumberId: '106540352242922',
    appSecret: randomBytes(16).toString('hex'),
    verifyToken: randomBytes(8).toString('hex'),
    messages: [],
    calls: [],
    approved: new Map(
      [...Object.values(WHATSAPP_TEMPLATES), LAUNCH_DROPPED_WHATSAPP].map((t) => [t.name, t.text]),
    ),
    notOnWhatsApp: new Set(),
    failNext(times, status, code) {
      for (let i = 0; i < times; i++) faults.push({ status, code });
    },
    signed(payload, secret = fake.appSecret) {
      const body = JSON.stringify(payload);
      return {
        body,
        signature: `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      };
    },
    statusPayload(wamid, status, error) {
      const m = fake.messages.find((x) => x.wamid === wamid);
      return envelope({
        statuses: [
          {
            id: wamid,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: m?.to ?? '',
            ...(status === 'failed' && error
              ? {
                  errors: [
                    {
                      code: error.code,
                      title: error.title,
                      message: error.title,
                      error_data: { details: error.title },
                    },
                  ],
                }
              : {}),
          },
        ],
      });
    },
    textPayload(from, text) {
      return envelope({
        contacts: [{ profile: { name: 'Shopper' }, wa_id: from }],
        messages: [
          {
            from,
            id: `wamid.${randomBytes(12).toString('base64url')}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      });
    },
    webhookUrl: null,
    autoStatuses: o.autoStatuses ?? [],
    async post(payload) {
      if (!fake.webhookUrl) throw new Error('the fake has no webhook URL');
      const { body, signature } = fake.signed(payload);
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
      });
      return response.status;
    },
    close: () => app.close(),
  };

  function envelope(value: Record<string, unknown>) {
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: displayNumber,
                  phone_number_id: fake.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    };
  }

  async function reportLater(m: FakeWhatsAppMessage) {
    if (!fake.webhookUrl) return;
    const statuses = fake.notOnWhatsApp.has(m.to) ? [] : fake.autoStatuses;
    for (const status of statuses) await fake.post(fake.statusPayload(m.wamid, status));
    if (fake.notOnWhatsApp.has(m.to)) {
      await fake.post(
        fake.statusPayload(m.wamid, 'failed', { code: 131026, title: 'Message undeliverable' }),
      );
    }
  }

  app.post<{ Params: { version: string; phone: string } }>(
    '/:version/:phone/messages',
    async (request, reply) => {
      const respond = (status: number, body: object) => {
        const error = (body as { error?: { code?: number } }).error;
        fake.calls.push({ status, code: error?.code ?? null });
        return reply.code(status).send(body);
      };
      if (request.headers.authorization !== `Bearer ${fake.token}`) {
        return respond(
          401,
          graphError(
            'Invalid OAuth access token - Cannot parse access token',
            'OAuthException',
            190,
          ),
        );
      }
      if (!/^v\d+\.\d+$/.test(request.params.version)) {
        return respond(400, graphError('Unknown path components', 'OAuthException', 2500));
      }
      if (request.params.phone !== fake.phoneNumberId) {
        return respond(
          400,
          graphError(
            `Unsupported post request. Object with ID '${request.params.phone}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            'GraphMethodException',
            100,
            { error_subcode: 33 },
          ),
        );
      }
      const fault = faults.shift();
      if (fault) {
        return respond(
          fault.status,
          graphError(
            fault.status === 429 ? '(#130429) Rate limit hit' : 'An unknown error has occurred.',
            'OAuthException',
            fault.code,
          ),
        );
      }
      const b = request.body;
      const invalid = (details: string) =>
        respond(
          400,
          graphError('(#100) Invalid parameter', 'OAuthException', 100, {
            error_data: { messaging_product: 'whatsapp', details },
          }),
        );
      if (!isRecord(b) || b.messaging_product !== 'whatsapp') {
        return invalid('messaging_product must be whatsapp');
      }
      if (b.recipient_type !== undefined && b.recipient_type !== 'individual') {
        return invalid('recipient_type must be individual');
      }
      if (typeof b.to !== 'string' || !/^\+?[1-9]\d{7,14}$/.test(b.to)) {
        return invalid("Parameter 'to' is not a valid phone number");
      }
      if (b.type !== 'template' || !isRecord(b.template)) return invalid('type must be template');
      const t = b.template;
      const lang = isRecord(t.language) ? t.language.code : undefined;
      const text = typeof t.name === 'string' ? fake.approved.get(t.name) : undefined;
      if (text === undefined || lang !== language) {
        return respond(
          404,
          graphError(
            `(#132001) Template name does not exist in the translation`,
            'OAuthException',
            132001,
            {
              error_data: {
                messaging_product: 'whatsapp',
                details: `template name (${String(t.name)}) does not exist in ${String(lang)}`,
              },
            },
          ),
        );
      }
      const components = Array.isArray(t.components) ? t.components.filter(isRecord) : [];
      const bodyComponent = components.find((c) => c.type === 'body');
      const params = (Array.isArray(bodyComponent?.parameters) ? bodyComponent.parameters : [])
        .filter(isRecord)
        .map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : null));
      const expected = new Set(text.match(/\{\{\d+\}\}/g) ?? []).size;
      if (params.length !== expected || params.some((p) => p === null || p === '')) {
        return respond(
          400,
          graphError(
            '(#132000) Number of parameters does not match the expected number of params',
            'OAuthException',
            132000,
            {
              error_data: {
                messaging_product: 'whatsapp',
                details: `body: number of localizable_params (${params.length}) does not match the expected number of params (${expected})`,
              },
            },
          ),
        );
      }
      const button = components.find((c) => c.type === 'button');
      const buttonParams = Array.isArray(button?.parameters)
        ? button.parameters.filter(isRecord)
        : [];
      const suffix = buttonParams[0]?.text;
      if (
        button?.sub_type !== 'url' ||
        button.index !== '0' ||
        typeof suffix !== 'string' ||
        suffix === ''
      ) {
        return respond(
          400,
          graphError('(#131008) Required parameter is missing', 'OAuthException', 131008, {
            error_data: {
              messaging_product: 'whatsapp',
              details: 'button at index 0 of type Url requires a parameter',
            },
          }),
        );
      }
      const to = b.to.replace(/^\+/, '');
      const message: FakeWhatsAppMessage = {
        wamid: `wamid.${Buffer.from(`${to}-${randomBytes(9).toString('hex')}`).toString('base64url')}`,
        to,
        template: String(t.name),
        language: lang,
        body: params as string[],
        button: suffix,
        text: fill(text, params as string[]),
      };
      fake.messages.push(message);
      setImmediate(() => void reportLater(message).catch(() => undefined));
      return respond(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: b.to, wa_id: to }],
        messages: [{ id: message.wamid }],
      });
    },
  );

  // For a journey that runs the fake in a process of its own (whatsapp-fake-cli.ts): where to
  // post webhooks, and what the fake received. Not part of the Cloud API.
  app.post<{ Body: { url: string } }>('/__control/webhook', async (request) => {
    fake.webhookUrl = request.body.url;
    return { ok: true };
  });
  app.get('/__control/messages', async () => ({ messages: fake.messages }));

  fake.url = await app.listen({ port: 0, host: '127.0.0.1' });
  return fake;
}

/** The environment that points the server at the fake. */
export function fakeWhatsAppEnv(fake: FakeWhatsApp): Record<string, string> {
  return {
    WHATSAPP_TOKEN: fake.token,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_APP_SECRET: fake.appSecret,
    WHATSAPP_VERIFY_TOKEN: fake.verifyToken,
    WHATSAPP_API_BASE: fake.url,
  };
}
