// NIC's e-way bill system (ewaybillgst.gov.in; API "EWB-API technical document" v1.03), called
// directly with the API credentials NIC issues a taxpayer (decision 072):
// - authentication, POST /ewayapi/v1.03/auth, headers client-id, client-secret, gstin; body
//   {action: 'ACCESSTOKEN', username, password, app_key} with the password and our AppKey
//   encrypted with NIC's public key; the response carries the authtoken and the session key
//   (sek) AES-256-ECB-encrypted with the AppKey. The token is cached for 6 hours less a
//   minute; a call refused with 238 (invalid auth token) authenticates again once.
// - POST /ewayapi/v1.03/ewayapi, headers client-id, client-secret, gstin, authtoken; body
//   {action, data} where data is the JSON (base64) AES-encrypted with the sek, and so is the
//   response's data: GENEWAYBILL (generate), CANEWB (cancel), VEHEWB (Part B).
// Responses are {status: '1', data} or {status: '0', error} with error a base64 JSON
// {errorCodes: '238,604,'}; their shapes are checked with zod before anything is read.
import { randomBytes, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { EwbConfig } from '../../config.js';
import { IST_OFFSET_MS } from '../../indian-days.js';
import { aesDecrypt, aesEncrypt, publicKeyOf, rsaEncrypt } from '../irp/nic-crypto.js';
import { nicEnvelope } from '../nic-http.js';
import {
  EwbRefusal,
  EwbUnavailable,
  type EwbCancelReasonCode,
  type EwbClient,
  type GeneratedEwayBill,
  type PartB,
} from './eway.js';
import type { NicEwayBill } from './nic-eway-bill.js';

/** EWB_* as the configuration reads them. */
export type NicEwbConfig = EwbConfig;

export interface NicEwbOptions {
  now?: () => Date;
  /** Milliseconds before a call is given up (default 20 s). */
  timeoutMs?: number;
}

const Envelope = z.object({
  status: z.union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0)]),
  authtoken: z.string().optional(),
  sek: z.string().optional(),
  data: z.string().optional(),
  error: z.string().optional(),
});
const Generated = z.object({
  ewayBillNo: z.union([z.string(), z.number()]),
  ewayBillDate: z.string(),
  validUpto: z.string().nullish(),
});
const Cancelled = z.object({
  ewayBillNo: z.union([z.string(), z.number()]),
  cancelDate: z.string(),
});
const VehicleUpdated = z.object({ vehUpdDate: z.string(), validUpto: z.string().nullish() });

const TOKEN_MS = 6 * 60 * 60 * 1000;
const INVALID_TOKEN = '238';
/** Codes NIC responds when the fault is its own and a later try may pass. */
const TRY_AGAIN = new Set(['114', '118', '240', '317']);

/** NIC's 'dd/MM/yyyy hh:mm:ss AM' (Indian time) as an instant. */
export function nicEwbDateTime(value: string): Date {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AP]M)?$/i.exec(
    value.trim(),
  );
  if (!m) throw new EwbUnavailable(`NIC responded a date we cannot read: ${value}`);
  const [, d, mo, y, h, mi, s, half] = m;
  let hour = Number(h) % (half ? 12 : 24);
  if (half?.toUpperCase() === 'PM') hour += 12;
  return new Date(
    Date.UTC(Number(y), Number(mo) - 1, Number(d), hour, Number(mi), Number(s ?? 0)) -
      IST_OFFSET_MS,
  );
}

/** The bulk file's bill as the API takes it: NIC names the actual state codes differently. */
export function apiRequestOf(bill: NicEwayBill): Record<string, unknown> {
  const { actualFromStateCode, actualToStateCode, ...rest } = bill;
  return { ...rest, actFromStateCode: actualFromStateCode, actToStateCode: actualToStateCode };
}

interface Session {
  token: string;
  sek: Buffer;
  expiresAt: number;
}

export function createNicEwb(config: NicEwbConfig, options: NicEwbOptions = {}): EwbClient {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 20_000;
  const encryptKey: KeyObject = publicKeyOf(config.publicKey);
  const sessions = new Map<string, Session>();

  const send = (path: string, headers: Record<string, string>, body: unknown) =>
    nicEnvelope(
      `${config.apiBase}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
      timeoutMs,
      Envelope,
      (message) => new EwbUnavailable(message),
      'NIC',
    );

  /** The error codes of a refusal: '238,604,' (base64 JSON) → ['238', '604']. */
  function codesOf(error: string | undefined): string[] {
    if (!error) return [];
    try {
      const json = JSON.parse(Buffer.from(error, 'base64').toString('utf8')) as {
        errorCodes?: unknown;
      };
      return String(json.errorCodes ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
    } catch {
      return [];
    }
  }

  function errorOf(codes: string[]): EwbRefusal | EwbUnavailable {
    if (codes.length === 0)
      return new EwbUnavailable('NIC refused the request without saying why.');
    const message = codes.map((c) => `${c}: ${NIC_ERRORS[c] ?? "see NIC's error list"}`).join('; ');
    return codes.every((c) => TRY_AGAIN.has(c))
      ? new EwbUnavailable(message)
      : new EwbRefusal(codes, message);
  }

  async function session(gstin: string): Promise<Session> {
    const cached = sessions.get(gstin);
    if (cached && cached.expiresAt - 60_000 > now().getTime()) return cached;
    const appKey = randomBytes(32);
    const envelope = await send(
      '/ewayapi/v1.03/auth',
      { 'client-id': config.clientId, 'client-secret': config.clientSecret, gstin },
      {
        action: 'ACCESSTOKEN',
        username: config.username,
        password: rsaEncrypt(encryptKey, Buffer.from(config.password)),
        app_key: rsaEncrypt(encryptKey, Buffer.from(appKey.toString('base64'))),
      },
    );
    if (String(envelope.status) !== '1' || !envelope.authtoken || !envelope.sek) {
      throw errorOf(codesOf(envelope.error));
    }
    let sek: Buffer;
    try {
      sek = aesDecrypt(appKey, envelope.sek);
    } catch {
      throw new EwbUnavailable('NIC responded a session key we could not decrypt.');
    }
    const fresh = { token: envelope.authtoken, sek, expiresAt: now().getTime() + TOKEN_MS };
    sessions.set(gstin, fresh);
    return fresh;
  }

  /** One action with the session's token; its data and the response's encrypted with the sek. */
  async function act(gstin: string, action: string, payload: unknown, retried = false) {
    const s = await session(gstin);
    const base64 = Buffer.from(JSON.stringify(payload)).toString('base64');
    const envelope = await send(
      '/ewayapi/v1.03/ewayapi',
      {
        'client-id': config.clientId,
        'client-secret': config.clientSecret,
        gstin,
        authtoken: s.token,
      },
      { action, data: aesEncrypt(s.sek, Buffer.from(base64)) },
    );
    if (String(envelope.status) === '1') {
      if (!envelope.data) throw new EwbUnavailable('NIC responded without its data.');
      try {
        const plain = aesDecrypt(s.sek, envelope.data).toString('utf8');
        return JSON.parse(Buffer.from(plain, 'base64').toString('utf8')) as unknown;
      } catch {
        throw new EwbUnavailable('NIC responded data we could not decrypt.');
      }
    }
    const codes = codesOf(envelope.error);
    if (codes.includes(INVALID_TOKEN) && !retried) {
      sessions.delete(gstin);
      return act(gstin, action, payload, true);
    }
    throw errorOf(codes);
  }

  return {
    async generate(gstin: string, bill: NicEwayBill): Promise<GeneratedEwayBill> {
      const r = Generated.safeParse(await act(gstin, 'GENEWAYBILL', apiRequestOf(bill)));
      if (!r.success)
        throw new EwbUnavailable('NIC responded the e-way bill in a shape we do not know.');
      return {
        ewayBillNo: String(r.data.ewayBillNo),
        ewayBillDate: nicEwbDateTime(r.data.ewayBillDate),
        validUpto: r.data.validUpto ? nicEwbDateTime(r.data.validUpto) : null,
      };
    },
    async cancel(gstin: string, ewayBillNo: string, reason: EwbCancelReasonCode, remark: string) {
      const r = Cancelled.safeParse(
        await act(gstin, 'CANEWB', {
          ewbNo: Number(ewayBillNo),
          cancelRsnCode: Number(reason),
          cancelRmrk: remark,
        }),
      );
      if (!r.success)
        throw new EwbUnavailable('NIC responded the cancel in a shape we do not know.');
      return { cancelledAt: nicEwbDateTime(r.data.cancelDate) };
    },
    async updatePartB(gstin: string, ewayBillNo: string, partB: PartB) {
      const r = VehicleUpdated.safeParse(
        await act(gstin, 'VEHEWB', {
          ewbNo: Number(ewayBillNo),
          vehicleNo: partB.vehicleNo,
          fromPlace: partB.fromPlace,
          fromState: partB.fromState,
          reasonCode: partB.reason,
          reasonRem: partB.remark,
          transDocNo: '',
          transDocDate: '',
          transMode: '1',
        }),
      );
      if (!r.success)
        throw new EwbUnavailable('NIC responded the Part B in a shape we do not know.');
      return {
        updatedAt: nicEwbDateTime(r.data.vehUpdDate),
        validUpto: r.data.validUpto ? nicEwbDateTime(r.data.validUpto) : null,
      };
    },
  };
}

/** NIC's words for the codes the shop is likely to meet (NIC's published error list). */
export const NIC_ERRORS: Record<string, string> = {
  '100': 'Invalid Json',
  '206': 'Invaild Invoice Number',
  '207': 'Invalid Invoice Date',
  '208': 'Invalid Supplier GSTIN / Enrolled URP',
  '212': 'Invalid Consignee GSTIN / Enrolled URP',
  '214': 'Invalid Consignee PIN Code',
  '216': 'Invalid HSN Code',
  '218': 'Invalid Tax Rate for Intra State Transaction',
  '219': 'Invalid Tax Rate for Inter State Transaction',
  '221': 'Invalid Approximate Distance',
  '225': 'Invalid Vehicle Number Format',
  '238': 'Invalid auth token',
  '304': 'Invalid vehicle format',
  '311': 'Validity period lapsed, you cannot update vehicle details',
  '312': 'This eway bill is either not generated by you or cancelled',
  '315': 'Validity period lapsed, you cannot cancel this eway bill',
  '358':
    'GSTIN passed in request header is not matching with the user gstin mentioned in payload JSON',
  '359': 'User GSTIN should match to GSTIN(from) for outward transactions',
  '604':
    'E-way bill(s) are already generated for the same document number, you cannot generate again on same document number',
};
