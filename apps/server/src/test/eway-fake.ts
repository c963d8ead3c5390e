// A local stand-in for NIC's e-way bill API (decision 072), following NIC's EWB-API technical
// document (v1.03) closely enough to catch a client's mistakes:
// - authentication (/ewayapi/v1.03/auth): client id and secret, user name, the password and
//   AppKey RSA-encrypted with this portal's public key; responds a token valid 6 hours and a
//   session key (sek) encrypted with the AppKey; later calls need the token and their data
//   AES-256-ECB encrypted with the sek (the JSON as base64), as is the response's data;
// - GENEWAYBILL: the bill validated against NIC's JSON schema (tax/eway/nic-ewb-bulk.schema.json,
//   the API's actFromStateCode/actToStateCode read as the bulk file's actual…StateCode), then
//   checked as the portal checks it: GSTIN checksums (208 supplier, 212 consignee), the user's
//   GSTIN in the header and as the supplier (358, 359), CGST + SGST within a state and IGST
//   across (218, 219), an active e-way bill for the same document (604). The number is 12
//   digits; the validity is 1 day per 200 km or part of it for ordinary cargo, to midnight
//   (Indian time) of the last day; with distance 0 the portal's own distance between the two
//   pincodes (`distances`, set by the test) is used, and without Part B no validity is given;
// - CANEWB: reason 1–4, within 24 hours of generation (315 after), an active bill of the
//   user's (312 otherwise);
// - VEHEWB: a vehicle number in NIC's format (304), while the bill is valid (311 after);
//   recomputes the validity from the update when none was given before.
// Its clock is the test's. Faults: the next calls may respond 503.
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isValidGstin } from '@kitroom/contract';
import Fastify, { type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IST_OFFSET_MS } from '../indian-days.js';
import { aesDecrypt, aesEncrypt } from '../tax/irp/nic-crypto.js';
import { billProblems } from './eway-schema.js';
import { rsaDecrypt } from './irp-fake.js';

export interface FakeEwayBill {
  ewayBillNo: string;
  gstin: string;
  docKey: string;
  bill: Record<string, unknown>;
  generatedAt: Date;
  distanceKm: number;
  validUpto: Date | null;
  vehicleNo: string | null;
  status: 'ACT' | 'CNL';
  cancelledAt: Date | null;
  cancelReason: string | null;
}

export interface FakeEwb {
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** The public key the client encrypts its login with (PEM). */
  publicKey: string;
  /** GSTINs the user may act for. */
  gstins: Set<string>;
  /** The portal's distance between two pincodes, 'from-to' → km (100 km when unknown). */
  distances: Map<string, number>;
  bills: Map<string, FakeEwayBill>;
  /** Calls by action, in order (auth, GENEWAYBILL, CANEWB, VEHEWB). */
  calls: string[];
  /** The next calls to act that respond 503, in turn. */
  faults: number;
  setNow(at: Date): void;
  expireTokens(): void;
  close(): Promise<void>;
}

const TOKEN_MS = 6 * 60 * 60 * 1000;
const CANCEL_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'dd/MM/yyyy hh:mm:ss AM' in Indian time, as NIC writes its dates. */
export function nicEwbTimestamp(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS).toISOString();
  const [date, time] = [ist.slice(0, 10), ist.slice(11, 19)];
  const [y, m, d] = date.split('-');
  const h = Number(time.slice(0, 2));
  const half = h >= 12 ? 'PM' : 'AM';
  const h12 = String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0');
  return `${d}/${m}/${y} ${h12}${time.slice(2)} ${half}`;
}

/**
 * NIC's validity for ordinary cargo: 1 day per 200 km or part, each day running to midnight
 * of the day after the date of generation (Rule 138(10)) — 23:59:59 in India.
 */
export function validityOf(generatedAt: Date, distanceKm: number): Date {
  const days = Math.max(1, Math.ceil(distanceKm / 200));
  const istDay = Math.floor((generatedAt.getTime() + IST_OFFSET_MS) / DAY_MS);
  return new Date((istDay + days + 1) * DAY_MS - 1000 - IST_OFFSET_MS);
}

/** The fields of a bill (as the schema allows it) the portal's own checks read. */
interface SchemaBill {
  userGstin: string;
  docType: string;
  docNo: string;
  fromGstin: string;
  toGstin: string;
  fromStateCode: number;
  toStateCode: number;
  fromPincode: number;
  toPincode: number;
  transDistance: string;
  transporterId?: string;
  vehicleNo?: string;
  itemList: { cgstRate: number; sgstRate: number; igstRate: number }[];
}

interface Token {
  gstin: string;
  sek: Buffer;
  expiresAt: number;
}

const AuthBody = z.object({
  action: z.literal('ACCESSTOKEN'),
  username: z.string(),
  password: z.string(),
  app_key: z.string(),
});
const ActBody = z.object({ action: z.string(), data: z.string() });
const CancelData = z.object({
  ewbNo: z.number().int(),
  cancelRsnCode: z.number().int().min(1).max(4),
  cancelRmrk: z.string().max(50),
});
const VehicleData = z.object({
  ewbNo: z.number().int(),
  vehicleNo: z.string(),
  fromPlace: z.string().min(1).max(50),
  fromState: z.number().int().min(1).max(99),
  reasonCode: z.enum(['1', '2', '3', '4']),
  reasonRem: z.string().max(50),
});
const VEHICLE = /^([A-Z]{2}[0-9A-Z]{1,3}[A-Z]{0,3}[0-9]{4}|[A-Z]{3}[0-9]{4}|TM[0-9A-Z]{6})$/;

/** Schema problems as NIC's codes: the field's own code where NIC has one, else 100. */
const FIELD_CODES: Record<string, string> = {
  docNo: '206',
  docDate: '207',
  fromGstin: '208',
  toGstin: '212',
  toPincode: '214',
  hsnCode: '216',
  transDistance: '221',
  transporterId: '222',
  vehicleNo: '225',
};

export async function startFakeEwb(options: { now: Date; gstins: string[] }): Promise<FakeEwb> {
  let clock = options.now;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const decryptKey: KeyObject = privateKey;
  const tokens = new Map<string, Token>();
  let serial = 0;
  const fake: Omit<FakeEwb, 'url' | 'close'> = {
    clientId: 'FAKE-EWB-CLIENT',
    clientSecret: 'fake-ewb-secret',
    username: 'kitroom_ewb',
    password: 'ewb-password',
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    gstins: new Set(options.gstins),
    distances: new Map(),
    bills: new Map(),
    calls: [],
    faults: 0,
    setNow: (at) => {
      clock = at;
    },
    expireTokens: () => tokens.clear(),
  };

  const failure = (codes: string[]) => ({
    status: '0',
    error: Buffer.from(JSON.stringify({ errorCodes: `${codes.join(',')},` })).toString('base64'),
  });
  const success = (token: Token, data: unknown) => ({
    status: '1',
    data: aesEncrypt(token.sek, Buffer.from(Buffer.from(JSON.stringify(data)).toString('base64'))),
  });

  function authorised(req: FastifyRequest): Token | null {
    const h = req.headers;
    if (h['client-id'] !== fake.clientId || h['client-secret'] !== fake.clientSecret) return null;
    const token = tokens.get(String(h.authtoken ?? ''));
    if (!token || token.expiresAt <= clock.getTime() || token.gstin !== h.gstin) return null;
    return token;
  }

  function generate(token: Token, payload: unknown): string[] | Record<string, unknown> {
    if (!payload || typeof payload !== 'object') return ['100'];
    const { actFromStateCode, actToStateCode, ...rest } = payload as Record<string, unknown>;
    const bill = {
      ...rest,
      actualFromStateCode: actFromStateCode,
      actualToStateCode: actToStateCode,
    };
    const problems = billProblems(bill);
    if (problems.length > 0) {
      const codes = problems.map((p) => {
        const field = p.split(':')[0]?.split('/').pop() ?? '';
        return FIELD_CODES[field] ?? '100';
      });
      return [...new Set(codes)];
    }
    const b = bill as unknown as SchemaBill;
    if (b.userGstin !== token.gstin) return ['358'];
    if (b.fromGstin !== b.userGstin) return ['359'];
    if (!isValidGstin(b.fromGstin)) return ['208'];
    if (b.toGstin !== 'URP' && !isValidGstin(b.toGstin)) return ['212'];
    const intra = b.fromStateCode === b.toStateCode;
    for (const item of b.itemList) {
      if (intra && (item.igstRate !== 0 || item.cgstRate !== item.sgstRate)) return ['218'];
      if (!intra && (item.cgstRate !== 0 || item.sgstRate !== 0)) return ['219'];
    }
    const docKey = `${b.fromGstin}/${b.docType}/${String(b.docNo).toUpperCase()}`;
    for (const existing of fake.bills.values()) {
      if (existing.docKey === docKey && existing.status === 'ACT') return ['604'];
    }
    const distanceKm =
      Number(b.transDistance) > 0
        ? Number(b.transDistance)
        : (fake.distances.get(`${b.fromPincode}-${b.toPincode}`) ?? 100);
    const partB = Boolean(b.vehicleNo || b.transporterId);
    serial += 1;
    const ewayBillNo = `${3}${String(Date.now() % 1e6).padStart(6, '0')}${String(serial).padStart(5, '0')}`;
    const row: FakeEwayBill = {
      ewayBillNo,
      gstin: token.gstin,
      docKey,
      bill,
      generatedAt: clock,
      distanceKm,
      validUpto: partB ? validityOf(clock, distanceKm) : null,
      vehicleNo: b.vehicleNo || null,
      status: 'ACT',
      cancelledAt: null,
      cancelReason: null,
    };
    fake.bills.set(ewayBillNo, row);
    return {
      ewayBillNo: Number(ewayBillNo),
      ewayBillDate: nicEwbTimestamp(clock),
      validUpto: row.validUpto ? nicEwbTimestamp(row.validUpto) : '',
    };
  }

  function cancel(token: Token, payload: unknown): string[] | Record<string, unknown> {
    const data = CancelData.safeParse(payload);
    if (!data.success) return ['100'];
    const row = fake.bills.get(String(data.data.ewbNo));
    if (!row || row.gstin !== token.gstin || row.status !== 'ACT') return ['312'];
    if (clock.getTime() - row.generatedAt.getTime() > CANCEL_MS) return ['315'];
    row.status = 'CNL';
    row.cancelledAt = clock;
    row.cancelReason = String(data.data.cancelRsnCode);
    return { ewayBillNo: row.ewayBillNo, cancelDate: nicEwbTimestamp(clock) };
  }

  function vehicle(token: Token, payload: unknown): string[] | Record<string, unknown> {
    const data = VehicleData.safeParse(payload);
    if (!data.success) return ['100'];
    if (!VEHICLE.test(data.data.vehicleNo)) return ['304'];
    const row = fake.bills.get(String(data.data.ewbNo));
    if (!row || row.gstin !== token.gstin || row.status !== 'ACT') return ['312'];
    if (row.validUpto && row.validUpto.getTime() < clock.getTime()) return ['311'];
    row.vehicleNo = data.data.vehicleNo;
    row.validUpto ??= validityOf(clock, row.distanceKm);
    return { vehUpdDate: nicEwbTimestamp(clock), validUpto: nicEwbTimestamp(row.validUpto) };
  }

  const app = Fastify({ logger: false });

  app.post('/ewayapi/v1.03/auth', async (req) => {
    fake.calls.push('auth');
    const h = req.headers;
    if (h['client-id'] !== fake.clientId || h['client-secret'] !== fake.clientSecret) {
      return failure(['237']);
    }
    const body = AuthBody.safeParse(req.body);
    if (!body.success) return failure(['100']);
    let password: string;
    let appKey: Buffer;
    try {
      password = rsaDecrypt(decryptKey, body.data.password).toString('utf8');
      appKey = Buffer.from(rsaDecrypt(decryptKey, body.data.app_key).toString('utf8'), 'base64');
    } catch {
      return failure(['107']);
    }
    if (body.data.username !== fake.username || password !== fake.password) return failure(['108']);
    const gstin = String(h.gstin ?? '');
    if (!fake.gstins.has(gstin)) return failure(['111']);
    if (appKey.length !== 32) return failure(['109']);
    const sek = randomBytes(32);
    const authtoken = randomBytes(16).toString('hex');
    tokens.set(authtoken, { gstin, sek, expiresAt: clock.getTime() + TOKEN_MS });
    return { status: '1', authtoken, sek: aesEncrypt(appKey, sek) };
  });

  app.post('/ewayapi/v1.03/ewayapi', async (req, reply) => {
    const body = ActBody.safeParse(req.body);
    fake.calls.push(body.success ? body.data.action : 'unknown');
    if (fake.faults > 0) {
      fake.faults -= 1;
      return reply.code(503).send('Service Unavailable');
    }
    const token = authorised(req);
    if (!token) return failure(['238']);
    if (!body.success) return failure(['100']);
    let payload: unknown;
    try {
      const base64 = aesDecrypt(token.sek, body.data.data).toString('utf8');
      payload = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
    } catch {
      return failure(['109']);
    }
    const handlers: Record<string, typeof generate> = {
      GENEWAYBILL: generate,
      CANEWB: cancel,
      VEHEWB: vehicle,
    };
    const handler = handlers[body.data.action];
    if (!handler) return failure(['239']);
    const result = handler(token, payload);
    return Array.isArray(result) ? failure(result) : success(token, result);
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // The same object the handlers read, so that a test's faults and clock reach them.
  return Object.assign(fake, { url, close: () => app.close() });
}

/** NIC's adapter configured for the fake (createNicEwb's config). */
export function ewbConfigOf(fake: FakeEwb) {
  return {
    apiBase: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    username: fake.username,
    password: fake.password,
    publicKey: fake.publicKey,
  };
}

/** EWB_* for startTestApp: NIC's adapter talking to the fake. */
export function ewbEnv(fake: FakeEwb): Record<string, string> {
  return {
    EWB_API_BASE: fake.url,
    EWB_CLIENT_ID: fake.clientId,
    EWB_CLIENT_SECRET: fake.clientSecret,
    EWB_USERNAME: fake.username,
    EWB_PASSWORD: fake.password,
    EWB_PUBLIC_KEY: fake.publicKey,
  };
}
