// The one place that reads the environment. Parsed once at start; a bad or missing value
// stops the server with a message that names it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const limit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  // Connections each server process keeps to PostgreSQL at most; unset: twice the cores and one.
  // At least 2: start-up holds its lock on a connection of its own while migrating on another
  // (with 1 the server waited for ever and never said why).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).optional(),
  PUBLIC_URL: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Kitroom <no-reply@kitroom.in>'),
  // Unset means sandbox, except in production, where the provider must be named.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).optional(),
  // The sandbox lets every shopper mark their own order paid: a production start takes it
  // only when this says the shop is a demo.
  DEMO_PAYMENTS_IN_PRODUCTION: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .default('false'),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: z.string().url().default('https://api.razorpay.com'),
  SESSION_SECRET: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Minutes an unpaid order holds its stock before the sweep gives it back.
  ORDER_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  // Places in one kit launch's waiting room one client address may hold (decision 070).
  LAUNCH_QUEUE_PLACES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  // When the staff digest of orders waiting to ship is mailed each day, India time; 'off': never.
  STAFF_DIGEST_TIME: z
    .string()
    .trim()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, {
      error: "must be HH:MM (24-hour, India time) or 'off'",
    })
    .default('08:00'),
  // Which proxies to believe for the client's address (X-Forwarded-For): unset believes
  // none; 'true' every hop; or a comma-separated list of proxy addresses or CIDR ranges.
  TRUST_PROXY: optionalText,
  // Rate limits (requests per window) for the account calls; see docs/operations.md's table.
  RATE_LIMIT_OTP_SEND_PER_EMAIL: limit(5),
  RATE_LIMIT_OTP_SEND_PER_IP: limit(30),
  RATE_LIMIT_OTP_CHECK_PER_EMAIL: limit(10),
  RATE_LIMIT_OTP_CHECK_PER_IP: limit(60),
  RATE_LIMIT_LOGIN_PER_EMAIL: limit(10),
  RATE_LIMIT_LOGIN_PER_IP: limit(100),
  RATE_LIMIT_SIGNUP_PER_EMAIL: limit(5),
  RATE_LIMIT_SIGNUP_PER_IP: limit(20),
  // Couriers (OPERATIONS.md, Shipping): 'manual' is always there; the built-in sandbox courier
  // (demos and tests) is on outside production unless turned off; Shiprocket when its API
  // user's email and password are set. Its tracking webhook carries this token, no signature.
  COURIER_SANDBOX: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
  /** Seconds between two of a sandbox parcel's tracking events (a demo's pace). */
  COURIER_SANDBOX_STEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Cart reminders (decision 065): the shortest wait the owner may set, and how often the
  // sweep looks for carts left at checkout. A demo (or the journeys) may lower both.
  RECOVERY_MIN_WAIT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  RECOVERY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  SHIPROCKET_EMAIL: optionalText,
  SHIPROCKET_PASSWORD: optionalText,
  SHIPROCKET_WEBHOOK_TOKEN: optionalText,
  SHIPROCKET_API_BASE: z.string().url().default('https://apiv2.shiprocket.in'),
  // E-invoicing through NIC's IRP (decision 068): off until the API base, the client id and
  // secret, the API user's name and password and NIC's public key are all set. The keys are
  // PEM text or the path of a PEM file; the signing key (to verify signed responses) is optional.
  IRP_API_BASE: z.string().url().optional(),
  IRP_CLIENT_ID: optionalText,
  IRP_CLIENT_SECRET: optionalText,
  IRP_USERNAME: optionalText,
  IRP_PASSWORD: optionalText,
  IRP_PUBLIC_KEY: optionalText,
  IRP_SIGNING_PUBLIC_KEY: optionalText,
  // E-way bills through NIC's e-way bill API (decision 072): off until the API base, the
  // client id and secret, the API user's name and password and NIC's public key (PEM text or
  // a file's path) are all set. Without them staff download the JSON and type the number.
  EWB_API_BASE: z.string().url().optional(),
  EWB_CLIENT_ID: optionalText,
  EWB_CLIENT_SECRET: optionalText,
  EWB_USERNAME: optionalText,
  EWB_PASSWORD: optionalText,
  EWB_PUBLIC_KEY: optionalText,
  // The courier's GSTIN or TRANSIN (Part B of the e-way bill when the courier carries the
  // goods) and its name; used by the JSON download and the API alike.
  EWB_TRANSPORTER_ID: z
    .string()
    .trim()
    .regex(/^[0-9]{2}[0-9A-Z]{13}$/, 'must be a GSTIN or TRANSIN of 15 characters')
    .optional(),
  EWB_TRANSPORTER_NAME: optionalText,
  // WhatsApp order updates through Meta's Cloud API (decision 066): off until the token, the
  // phone number's id, the app secret (webhook signatures) and the webhook's verify token are
  // all set. The base URL and version point tests at a local fake.
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^(\d{5,30})?$/, { error: "must be the phone number's numeric id" })
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_API_BASE: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .trim()
    .regex(/^v\d+\.\d+$/, { error: "must be a Graph API version such as 'v23.0'" })
    .default('v23.0'),
  /** The language the templates were approved in (Meta's code: en, en_US, hi, …). */
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: "must be a template language code such as 'en'" })
    .default('en'),
  // The nightly backup's time (India time, HH:MM) or 'off'; how many daily and weekly to keep.
  BACKUP_TIME: z
    .string()
    .trim()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, {
      error: "must be HH:MM (24-hour, India time) or 'off'",
    })
    .default('02:30'),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  // When set, GET /metrics asks for 'Authorization: Bearer <token>'.
  METRICS_TOKEN: optionalText,
  // The key that seals the invoice-signing certificate at rest (decision 069): 32 random bytes
  // as 64 hex digits or base64 (`openssl rand -hex 32`).
  DOCUMENT_SIGNING_KEY: z
    .string()
    .trim()
    .refine((v) => v === '' || signingKeyBytes(v) !== null, {
      error: 'must be 32 random bytes as 64 hex digits or base64 (openssl rand -hex 32)',
    })
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
});

/** 32 bytes from 64 hex digits or from base64; null when the text is neither. */
function signingKeyBytes(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length === 32) return bytes;
  }
  return null;
}

/**
 * Outside production, without DOCUMENT_SIGNING_KEY, a fixed key that everyone knows: a
 * development shop can try signing, and production refuses to store a certificate instead.
 */
const DEVELOPMENT_SIGNING_KEY = createHash('sha256')
  .update('kitroom development document-signing key: not a secret')
  .digest();

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL at most; undefined: db's defaultPoolSize() (decision 092). */
  databasePoolSize: number | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  paymentProvider: 'sandbox' | 'razorpay';
  razorpay: {
    keyId: string | undefined;
    keySecret: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string;
  };
  sessionSecret: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  orderHoldMinutes: number;
  /** Places in a launch's waiting room one client address may hold (decision 070). */
  launchQueuePlacesPerAddress: number;
  /** The staff digest's time in minutes after midnight, India time; null: no digest. */
  staffDigestAt: number | null;
  /** Fastify's trustProxy: false, true, or a list of proxy addresses. */
  trustProxy: boolean | string[];
  rateLimits: RateLimits;
  recovery: {
    /** The shortest wait before a cart reminder the owner may set. */
    minWaitMinutes: number;
    /** How often the sweep writes the reminders due. */
    sweepMs: number;
  };
  couriers: {
    /** The built-in sandbox courier is offered to staff. */
    sandbox: boolean;
    /** Time between two of a sandbox parcel's tracking events. */
    sandboxStepMs: number;
    /** Null when Shiprocket is not configured. */
    shiprocket: { email: string; password: string; webhookToken: string; apiBase: string } | null;
  };
  backups: {
    /** Minutes after midnight, India time; null: no nightly backup. */
    at: number | null;
    keepDaily: number;
    keepWeekly: number;
  };
  metricsToken: string | undefined;
  /** WhatsApp's Cloud API (decision 066); null when it is not configured (no updates offered). */
  whatsapp: WhatsAppConfig | null;
  /**
   * The key that seals the signing certificate (decision 069); null in production without
   * DOCUMENT_SIGNING_KEY (no certificate can be stored), a known development key elsewhere.
   */
  documentSigningKey: Buffer | null;
  /** NIC's IRP for e-invoices (decision 068); null when it is not configured. */
  irp: IrpConfig | null;
  /** NIC's e-way bill API (decision 072); null when it is not configured. */
  ewb: EwbConfig | null;
  /** Who carries the goods, for an e-way bill's Part B (decision 072). */
  ewbTransporter: { id: string | null; name: string | null };
}

/** How the shop signs in to one of NIC's portals (the IRP's or the e-way bill system's). */
export interface NicCredentials {
  /** 'https://api.einvoice1.gst.gov.in', 'https://api.ewaybillgst.gov.in' (or a sandbox's), no trailing slash. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** NIC's public key for encrypting the authentication (PEM). */
  publicKey: string;
}

export type EwbConfig = NicCredentials;

export interface IrpConfig extends NicCredentials {
  /** NIC's key for verifying signed content (PEM); null: signed responses are not verified. */
  signingKey: string | null;
}

/**
 * Variables that work only together (a provider's credentials): none set, or the names of
 * those missing once one of them (or a companion, `started`) is set.
 */
function missingOfGroup(group: Record<string, string | undefined>, started = false): string[] {
  const values = Object.entries(group);
  if (!started && !values.some(([, v]) => Boolean(v))) return [];
  return values.filter(([, v]) => !v).map(([name]) => name);
}

/** A PEM given as its text, or the path of a file holding it. */
function pemOf(name: string, value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch {
    throw new ConfigError(`${name}: neither a PEM key nor a readable file (${value})`);
  }
}

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** 'https://graph.facebook.com', without a trailing slash. */
  apiBase: string;
  apiVersion: string;
  language: string;
}

/**
 * Most requests allowed per window: code sending per hour; code checks, logins (also password
 * changes) and signups per 15 min.
 */
export interface RateLimits {
  otpSendPerEmail: number;
  otpSendPerIp: number;
  otpCheckPerEmail: number;
  otpCheckPerIp: number;
  loginPerEmail: number;
  loginPerIp: number;
  signupPerEmail: number;
  signupPerIp: number;
}

export class ConfigError extends Error {}

function minutesOfDay(hhmm: string): number | null {
  if (hhmm === 'off') return null;
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Reads and checks the environment; throws ConfigError listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const missing: string[] = [];
  if (e.PAYMENT_PROVIDER === 'razorpay') {
    if (!e.RAZORPAY_KEY_ID) missing.push('RAZORPAY_KEY_ID');
    if (!e.RAZORPAY_KEY_SECRET) missing.push('RAZORPAY_KEY_SECRET');
    if (!e.RAZORPAY_WEBHOOK_SECRET) missing.push('RAZORPAY_WEBHOOK_SECRET');
  }
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) missing.push('SESSION_SECRET');
  if (e.SHIPROCKET_EMAIL || e.SHIPROCKET_PASSWORD) {
    if (!e.SHIPROCKET_EMAIL) missing.push('SHIPROCKET_EMAIL');
    if (!e.SHIPROCKET_PASSWORD) missing.push('SHIPROCKET_PASSWORD');
    if (!e.SHIPROCKET_WEBHOOK_TOKEN) missing.push('SHIPROCKET_WEBHOOK_TOKEN');
  }
  if (e.NODE_ENV === 'production' && !e.PAYMENT_PROVIDER) missing.push('PAYMENT_PROVIDER');
  const irp = {
    IRP_API_BASE: e.IRP_API_BASE,
    IRP_CLIENT_ID: e.IRP_CLIENT_ID,
    IRP_CLIENT_SECRET: e.IRP_CLIENT_SECRET,
    IRP_USERNAME: e.IRP_USERNAME,
    IRP_PASSWORD: e.IRP_PASSWORD,
    IRP_PUBLIC_KEY: e.IRP_PUBLIC_KEY,
  };
  // Half an IRP configuration would leave B2B invoices pending without saying why: refused.
  missing.push(...missingOfGroup(irp, Boolean(e.IRP_SIGNING_PUBLIC_KEY)));
  const ewb = {
    EWB_API_BASE: e.EWB_API_BASE,
    EWB_CLIENT_ID: e.EWB_CLIENT_ID,
    EWB_CLIENT_SECRET: e.EWB_CLIENT_SECRET,
    EWB_USERNAME: e.EWB_USERNAME,
    EWB_PASSWORD: e.EWB_PASSWORD,
    EWB_PUBLIC_KEY: e.EWB_PUBLIC_KEY,
  };
  // Half an e-way bill API configuration would fail at every shipment: refused at boot.
  missing.push(...missingOfGroup(ewb));
  const whatsapp = {
    WHATSAPP_TOKEN: e.WHATSAPP_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: e.WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: e.WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: e.WHATSAPP_VERIFY_TOKEN,
  };
  // One of them set means WhatsApp is meant to be on: a half-configured channel is refused.
  missing.push(...missingOfGroup(whatsapp));
  if (missing.length > 0) {
    throw new ConfigError(
      `Missing configuration for this start: ${missing.join(', ')}. See docs/operations.md's configuration table.`,
    );
  }
  if (
    e.NODE_ENV === 'production' &&
    e.PAYMENT_PROVIDER === 'sandbox' &&
    e.DEMO_PAYMENTS_IN_PRODUCTION !== 'true'
  ) {
    throw new ConfigError(
      'PAYMENT_PROVIDER=sandbox lets any shopper mark their own order paid, so a production start ' +
        'refuses it: use razorpay, or set DEMO_PAYMENTS_IN_PRODUCTION=true for a demo shop that ' +
        "takes no real money. See docs/operations.md's configuration table.",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    paymentProvider: e.PAYMENT_PROVIDER ?? 'sandbox',
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      apiBase: e.RAZORPAY_API_BASE.replace(/\/+$/, ''),
    },
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    orderHoldMinutes: e.ORDER_HOLD_MINUTES,
    launchQueuePlacesPerAddress: e.LAUNCH_QUEUE_PLACES_PER_ADDRESS,
    staffDigestAt: minutesOfDay(e.STAFF_DIGEST_TIME),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      otpSendPerEmail: e.RATE_LIMIT_OTP_SEND_PER_EMAIL,
      otpSendPerIp: e.RATE_LIMIT_OTP_SEND_PER_IP,
      otpCheckPerEmail: e.RATE_LIMIT_OTP_CHECK_PER_EMAIL,
      otpCheckPerIp: e.RATE_LIMIT_OTP_CHECK_PER_IP,
      loginPerEmail: e.RATE_LIMIT_LOGIN_PER_EMAIL,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      signupPerEmail: e.RATE_LIMIT_SIGNUP_PER_EMAIL,
      signupPerIp: e.RATE_LIMIT_SIGNUP_PER_IP,
    },
    recovery: {
      minWaitMinutes: e.RECOVERY_MIN_WAIT_MINUTES,
      sweepMs: e.RECOVERY_SWEEP_SECONDS * 1000,
    },
    couriers: {
      sandbox: (e.COURIER_SANDBOX ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
      sandboxStepMs: e.COURIER_SANDBOX_STEP_SECONDS * 1000,
      shiprocket:
        e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD && e.SHIPROCKET_WEBHOOK_TOKEN
          ? {
              email: e.SHIPROCKET_EMAIL,
              password: e.SHIPROCKET_PASSWORD,
              webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN,
              apiBase: e.SHIPROCKET_API_BASE.replace(/\/+$/, ''),
            }
          : null,
    },
    backups: {
      at: minutesOfDay(e.BACKUP_TIME),
      keepDaily: e.BACKUP_KEEP_DAILY,
      keepWeekly: e.BACKUP_KEEP_WEEKLY,
    },
    metricsToken: e.METRICS_TOKEN,
    whatsapp:
      e.WHATSAPP_TOKEN &&
      e.WHATSAPP_PHONE_NUMBER_ID &&
      e.WHATSAPP_APP_SECRET &&
      e.WHATSAPP_VERIFY_TOKEN
        ? {
            token: e.WHATSAPP_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
            apiBase: e.WHATSAPP_API_BASE.replace(/\/+$/, ''),
            apiVersion: e.WHATSAPP_API_VERSION,
            language: e.WHATSAPP_TEMPLATE_LANGUAGE,
          }
        : null,
    documentSigningKey: e.DOCUMENT_SIGNING_KEY
      ? signingKeyBytes(e.DOCUMENT_SIGNING_KEY)
      : e.NODE_ENV === 'production'
        ? null
        : DEVELOPMENT_SIGNING_KEY,
    irp:
      e.IRP_API_BASE &&
      e.IRP_CLIENT_ID &&
      e.IRP_CLIENT_SECRET &&
      e.IRP_USERNAME &&
      e.IRP_PASSWORD &&
      e.IRP_PUBLIC_KEY
        ? {
            apiBase: e.IRP_API_BASE.replace(/\/+$/, ''),
            clientId: e.IRP_CLIENT_ID,
            clientSecret: e.IRP_CLIENT_SECRET,
            username: e.IRP_USERNAME,
            password: e.IRP_PASSWORD,
            publicKey: pemOf('IRP_PUBLIC_KEY', e.IRP_PUBLIC_KEY),
            signingKey: e.IRP_SIGNING_PUBLIC_KEY
              ? pemOf('IRP_SIGNING_PUBLIC_KEY', e.IRP_SIGNING_PUBLIC_KEY)
              : null,
          }
        : null,
    ewb:
      e.EWB_API_BASE &&
      e.EWB_CLIENT_ID &&
      e.EWB_CLIENT_SECRET &&
      e.EWB_USERNAME &&
      e.EWB_PASSWORD &&
      e.EWB_PUBLIC_KEY
        ? {
            apiBase: e.EWB_API_BASE.replace(/\/+$/, ''),
            clientId: e.EWB_CLIENT_ID,
            clientSecret: e.EWB_CLIENT_SECRET,
            username: e.EWB_USERNAME,
            password: e.EWB_PASSWORD,
            publicKey: pemOf('EWB_PUBLIC_KEY', e.EWB_PUBLIC_KEY),
          }
        : null,
    ewbTransporter: { id: e.EWB_TRANSPORTER_ID ?? null, name: e.EWB_TRANSPORTER_NAME ?? null },
  };
}
