// NIC's Invoice Registration Portal (einvoice1.gst.gov.in; API documented on
// einv-apisandbox.nic.in), called directly with the API credentials NIC issues a taxpayer
// (decision 068):
// - authentication, POST /eivital/v1.04/auth, headers client_id, client_secret, Gstin; the
//   body's Data is {UserName, Password, AppKey, ForceRefreshAccessToken} encrypted with NIC's
//   public key; the response carries AuthToken, TokenExpiry (6 hours) and the Sek encrypted
//   with our AppKey. The token is kept until shortly before it expires; a call refused
//   1005 (invalid token) authenticates again once.
// - generate IRN, POST /eicore/v1.03/Invoice; cancel, POST /eicore/v1.03/Invoice/Cancel; get
//   by IRN, GET /eicore/v1.03/Invoice/irn/{irn}: headers client_id, client_secret, Gstin,
//   user_name, AuthToken; payloads AES-encrypted with the Sek both ways.
// Responses are {Status: 1, Data} or {Status: 0, ErrorDetails: [{ErrorCode, ErrorMessage}],
// InfoDtls}; their shapes are checked with zod before anything is read from them. With NIC's
// signing key configured, the signed invoice and QR code must verify, or the response is not
// taken.
import { randomBytes, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { IST_OFFSET_MS } from '../../indian-days.js';
import {
  IrpRefusal,
  IrpUnavailable,
  type IrnCancelReasonCode,
  type IrnRegistration,
  type IrpClient,
} from './irp.js';
import type { IrpConfig } from '../../config.js';
import { nicEnvelope } from '../nic-http.js';
import { aesDecrypt, aesEncrypt, jwsPayload, publicKeyOf, rsaEncrypt } from './nic-crypto.js';
import type { NicInvoice } from './nic-invoice.js';

export type NicIrpConfig = IrpConfig;

export interface NicIrpOptions {
  now?: () => Date;
  /** Milliseconds before a call is given up (default 20 s). */
  timeoutMs?: number;
}

const ErrorDetails = z
  .array(z.object({ ErrorCode: z.union([z.string(), z.number()]), ErrorMessage: z.string() }))
  .nullish();
const InfoDtls = z.array(z.object({ InfCd: z.string(), Desc: z.unknown() })).nullish();
const Envelope = z.object({
  Status: z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0')]),
  Data: z.unknown().optional(),
  ErrorDetails,
  InfoDtls,
});
const AuthData = z.object({
  AuthToken: z.string().min(1),
  Sek: z.string().min(1),
  TokenExpiry: z.string(),
});
const Registration = z.object({
  AckNo: z.union([z.string(), z.number()]),
  AckDt: z.string(),
  Irn: z.string().length(64),
  SignedInvoice: z.string().nullish(),
  SignedQRCode: z.string().min(1),
});
const Duplicate = z.object({ Irn: z.string().length(64) });
const Canceled = z.object({ Irn: z.string(), CancelDate: z.string() });

/** 'yyyy-MM-dd HH:mm:ss' in Indian time (NIC's AckDt, TokenExpiry, CancelDate) as an instant. */
export function nicDateTime(value: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) throw new IrpUnavailable(`The IRP sent a date we cannot read: ${value}`);
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0) - IST_OFFSET_MS);
}

/** Codes NIC returns when the fault is its own and a later try may pass. */
const TRY_AGAIN = new Set(['2146', '2147', '5002']);
const INVALID_TOKEN = '1005';
/** Error codes that mean the token is no longer good. */
const TOKEN_CODES = new Set([INVALID_TOKEN]);

interface Session {
  token: string;
  sek: Buffer;
  expiresAt: number;
}

export function createNicIrp(config: NicIrpConfig, options: NicIrpOptions = {}): IrpClient {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 20_000;
  const encryptKey: KeyObject = publicKeyOf(config.publicKey);
  const signingKey = config.signingKey ? publicKeyOf(config.signingKey) : null;
  const sessions = new Map<string, Session>();

  const send = (path: string, init: RequestInit): Promise<z.infer<typeof Envelope>> =>
    nicEnvelope(
      `${config.apiBase}${path}`,
      init,
      timeoutMs,
      Envelope,
      (message) => new IrpUnavailable(message),
      'The IRP',
    );

  function errorOf(envelope: z.infer<typeof Envelope>): IrpRefusal | IrpUnavailable {
    const first = envelope.ErrorDetails?.[0];
    if (!first) return new IrpUnavailable('The IRP refused the request without saying why.');
    const code = String(first.ErrorCode);
    const message = (envelope.ErrorDetails ?? [])
      .map((e) => `${String(e.ErrorCode)}: ${e.ErrorMessage}`)
      .join('; ');
    return TRY_AGAIN.has(code) ? new IrpUnavailable(message) : new IrpRefusal(code, message);
  }

  async function session(gstin: string): Promise<Session> {
    const kept = sessions.get(gstin);
    if (kept && kept.expiresAt - 60_000 > now().getTime()) return kept;
    const appKey = randomBytes(32);
    const payload = {
      UserName: config.username,
      Password: config.password,
      AppKey: appKey.toString('base64'),
      ForceRefreshAccessToken: false,
    };
    const envelope = await send('/eivital/v1.04/auth', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        client_id: config.clientId,
        client_secret: config.clientSecret,
        Gstin: gstin,
      },
      body: JSON.stringify({
        Data: rsaEncrypt(encryptKey, Buffer.from(JSON.stringify(payload))),
      }),
    });
    if (String(envelope.Status) !== '1') throw errorOf(envelope);
    const data = AuthData.safeParse(envelope.Data);
    if (!data.success)
      throw new IrpUnavailable("The IRP's response to the login was in a shape we do not know.");
    const fresh: Session = {
      token: data.data.AuthToken,
      sek: aesDecrypt(appKey, data.data.Sek),
      expiresAt: nicDateTime(data.data.TokenExpiry).getTime(),
    };
    sessions.set(gstin, fresh);
    return fresh;
  }

  /** A call with the session's token, its payload and response encrypted with the Sek. */
  async function call(
    gstin: string,
    method: 'GET' | 'POST',
    path: string,
    payload: unknown,
    retried = false,
  ): Promise<{ data: unknown } | { error: z.infer<typeof Envelope> }> {
    const s = await session(gstin);
    const envelope = await send(path, {
      method,
      headers: {
        'content-type': 'application/json',
        client_id: config.clientId,
        client_secret: config.clientSecret,
        Gstin: gstin,
        user_name: config.username,
        AuthToken: s.token,
      },
      ...(method === 'POST'
        ? {
            body: JSON.stringify({ Data: aesEncrypt(s.sek, Buffer.from(JSON.stringify(payload))) }),
          }
        : {}),
    });
    if (String(envelope.Status) === '1') {
      if (typeof envelope.Data !== 'string') {
        throw new IrpUnavailable('The IRP responded without its data.');
      }
      try {
        return { data: JSON.parse(aesDecrypt(s.sek, envelope.Data).toString('utf8')) };
      } catch {
        throw new IrpUnavailable('The IRP sent data we could not decrypt.');
      }
    }
    const code = String(envelope.ErrorDetails?.[0]?.ErrorCode ?? '');
    if (TOKEN_CODES.has(code) && !retried) {
      sessions.delete(gstin);
      return call(gstin, method, path, payload, true);
    }
    return { error: envelope };
  }

  function registrationOf(data: unknown): IrnRegistration {
    const r = Registration.safeParse(data);
    if (!r.success)
      throw new IrpUnavailable("The IRP's response to the IRN was in a shape we do not know.");
    if (
      signingKey &&
      (jwsPayload(r.data.SignedQRCode, signingKey) === null ||
        (r.data.SignedInvoice && jwsPayload(r.data.SignedInvoice, signingKey) === null))
    ) {
      throw new IrpUnavailable(
        "The IRP's signature on the invoice did not verify with IRP_SIGNING_PUBLIC_KEY.",
      );
    }
    return {
      irn: r.data.Irn,
      ackNo: String(r.data.AckNo),
      ackAt: nicDateTime(r.data.AckDt),
      signedInvoice: r.data.SignedInvoice ?? null,
      signedQrCode: r.data.SignedQRCode,
    };
  }

  async function getByIrn(gstin: string, irn: string): Promise<IrnRegistration> {
    const response = await call(
      gstin,
      'GET',
      `/eicore/v1.03/Invoice/irn/${encodeURIComponent(irn)}`,
      null,
    );
    if ('error' in response) throw errorOf(response.error);
    return registrationOf(response.data);
  }

  return {
    async generate(gstin: string, invoice: NicInvoice): Promise<IrnRegistration> {
      const response = await call(gstin, 'POST', '/eicore/v1.03/Invoice', invoice);
      if ('data' in response) return registrationOf(response.data);
      // 2150, duplicate IRN: registered before (a lost response); its IRN is in InfoDtls.
      const duplicate = response.error.InfoDtls?.find((i) => i.InfCd === 'DUPIRN');
      const known = duplicate ? Duplicate.safeParse(duplicate.Desc) : null;
      if (known?.success) return getByIrn(gstin, known.data.Irn);
      throw errorOf(response.error);
    },
    async cancel(gstin: string, irn: string, reason: IrnCancelReasonCode, remark: string) {
      const response = await call(gstin, 'POST', '/eicore/v1.03/Invoice/Cancel', {
        Irn: irn,
        CnlRsn: reason,
        CnlRem: remark,
      });
      if ('error' in response) throw errorOf(response.error);
      const c = Canceled.safeParse(response.data);
      if (!c.success)
        throw new IrpUnavailable("The IRP's response to the cancel was in a shape we do not know.");
      return { canceledAt: nicDateTime(c.data.CancelDate) };
    },
    getByIrn,
  };
}
