// A local stand-in for NIC's Invoice Registration Portal (decision 068), following the API
// documented on einv-apisandbox.nic.in closely enough to catch a client's mistakes:
// - authentication (/eivital/v1.04/auth): client id and secret, user name and password, the
//   payload RSA-encrypted with this portal's public key; returns a token valid 6 hours and a
//   session key (Sek) encrypted with the caller's AppKey; later calls need the token and
//   their payloads AES-256-ECB encrypted with the Sek;
// - generate (/eicore/v1.03/Invoice): the JSON validated against NIC's INV-01 v1.1 schema (the
//   zod mirror in tax/irp/nic-invoice.ts) and checked as the portal checks it (GSTIN
//   checksums, the seller being the caller, 6-digit HSN codes, each line's and the invoice's
//   arithmetic within ₹1, CGST + SGST within a state and IGST across); a document registered
//   before gets 2150 with the IRN in InfoDtls (DUPIRN); the IRN is SHA-256 of the
//   seller's GSTIN, the financial year, the document type and number; the invoice and its QR
//   payload are signed as JWS RS256 with this portal's own key;
// - cancel (/eicore/v1.03/Invoice/Cancel): reason 1–4 and a remark, within 24 hours of the
//   acknowledgement (2270 after), once (an inactive IRN is refused);
// - get by IRN (/eicore/v1.03/Invoice/irn/{irn}): for 2 days after generation (2283 after).
// Its clock is the test's. Faults: the next calls may get 503, or register and then lose
// the response (502), as a timed-out request does.
import {
  constants,
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { isValidGstin } from '@kitroom/contract';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IST_OFFSET_MS } from '../indian-days.js';
import { aesDecrypt, aesEncrypt } from '../tax/irp/nic-crypto.js';
import { NicInvoiceSchema, type NicInvoice } from '../tax/irp/nic-invoice.js';

export interface FakeRegistration {
  irn: string;
  gstin: string;
  docKey: string;
  ackNo: string;
  ackAt: Date;
  invoice: NicInvoice;
  signedInvoice: string;
  signedQrCode: string;
  status: 'ACT' | 'CNL';
  canceledAt: Date | null;
  cancelReason: string | null;
}

export type IrpFault = 'unavailable' | 'lose-response';

export interface FakeIrp {
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** The public key the client encrypts its login with (PEM). */
  publicKey: string;
  /** The public key that verifies this portal's signatures (PEM). */
  signingPublicKey: string;
  /** GSTINs the user may act for. */
  gstins: Set<string>;
  registrations: Map<string, FakeRegistration>;
  /** Calls by path, in order (auth, generate, cancel, get). */
  calls: string[];
  /** Faults for the next calls to generate, cancel or get, in turn. */
  faults: IrpFault[];
  /** Moves the portal's clock. */
  setNow(at: Date): void;
  /** Every token expires now (the client must sign in again). */
  expireTokens(): void;
  /**
   * Registers a document as if an earlier call had (for tests that need an IRN to act on,
   * such as the permissions' sample calls); returns the registration.
   */
  seed(gstin: string, docNo: string, docDate: string): FakeRegistration;
  close(): Promise<void>;
}

const TOKEN_MS = 6 * 60 * 60 * 1000;
const CANCEL_MS = 24 * 60 * 60 * 1000;
const GET_MS = 2 * 24 * 60 * 60 * 1000;

/** 'yyyy-MM-dd HH:mm:ss' in Indian time, as NIC writes AckDt and TokenExpiry. */
export function nicTimestamp(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The financial year of a dd/mm/yyyy date: '2026-27'. */
function financialYearOfDate(dt: string): string {
  const [, m, y] = dt.split('/').map(Number) as [number, number, number];
  const first = m >= 4 ? y : y - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/** The IRN as NIC computes it: SHA-256 (hex) of GSTIN + financial year + type + number. */
export function irnOf(gstin: string, docDate: string, docType: string, docNo: string): string {
  return createHash('sha256')
    .update(`${gstin}${financialYearOfDate(docDate)}${docType}${docNo.toUpperCase()}`)
    .digest('hex');
}

/** PKCS#1 v1.5 decryption by hand: Node 20 refuses that padding for private decryption. */
export function rsaDecrypt(key: KeyObject, base64: string): Buffer {
  const raw = privateDecrypt(
    { key, padding: constants.RSA_NO_PADDING },
    Buffer.from(base64, 'base64'),
  );
  if (raw[0] !== 0 || raw[1] !== 2) throw new Error('bad padding');
  const end = raw.indexOf(0, 2);
  if (end < 10) throw new Error('bad padding');
  return raw.subarray(end + 1);
}

function jws(key: KeyObject, payload: unknown): string {
  const head = Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'FAKE-IRP', typ: 'JWT' })).toString(
    'base64url',
  );
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), key).toString('base64url');
  return `${head}.${body}.${signature}`;
}

interface Token {
  gstin: string;
  sek: Buffer;
  expiresAt: number;
}

const AuthPayload = z.object({
  UserName: z.string(),
  Password: z.string(),
  AppKey: z.string(),
  ForceRefreshAccessToken: z.boolean().optional(),
});
const CancelPayload = z.object({
  Irn: z.string().length(64),
  CnlRsn: z.enum(['1', '2', '3', '4']),
  CnlRem: z.string().min(1).max(100),
});

type Problem = [code: string, message: string];

/** What the portal's own checks refuse in an invoice the schema allows. */
function invoiceProblems(inv: NicInvoice, headerGstin: string): Problem[] {
  const problems: Problem[] = [];
  // Within ₹1, counted in paise so that floating point does not decide the edge.
  const near = (a: number, b: number) => Math.abs(Math.round(a * 100) - Math.round(b * 100)) <= 100;
  if (inv.SellerDtls.Gstin !== headerGstin) {
    problems.push(['2143', 'Invoice does not belongs to the user GSTIN']);
  }
  for (const [who, gstin] of [
    ['Supplier', inv.SellerDtls.Gstin],
    ['Recipient', inv.BuyerDtls.Gstin],
  ] as const) {
    if (!isValidGstin(gstin)) problems.push(['3028', `${who} GSTIN - ${gstin} is invalid`]);
  }
  if (inv.BuyerDtls.Gstin === inv.SellerDtls.Gstin) {
    problems.push(['2211', 'Supplier and recipient GSTIN should not be the same']);
  }
  const intra = inv.SellerDtls.Stcd === inv.BuyerDtls.Pos;
  let ass = 0;
  let cgst = 0;
  let sgst = 0;
  let igst = 0;
  for (const item of inv.ItemList) {
    const sl = item.SlNo;
    if (item.HsnCd.length < 6) {
      problems.push([
        '2265',
        `HSN code ${item.HsnCd} of item ${sl}: a 6-digit HSN code is mandatory for taxpayers with aggregate turnover above 5 crore`,
      ]);
    }
    const i = {
      Disc: item.Discount ?? 0,
      I: item.IgstAmt ?? 0,
      C: item.CgstAmt ?? 0,
      S: item.SgstAmt ?? 0,
    };
    if (item.Qty !== undefined && !near(item.TotAmt, item.UnitPrice * item.Qty)) {
      problems.push(['2194', `Item ${sl}: total amount is not unit price times quantity`]);
    }
    if (!near(item.AssAmt, item.TotAmt - i.Disc)) {
      problems.push(['2189', `Item ${sl}: assessable amount is not total amount less discount`]);
    }
    const tax = (item.AssAmt * item.GstRt) / 100;
    if (intra) {
      if (i.I !== 0) problems.push(['2172', `Item ${sl}: IGST is not charged within a state`]);
      if (!near(i.C, tax / 2) || !near(i.S, tax / 2) || i.C !== i.S) {
        problems.push(['2174', `Item ${sl}: CGST and SGST are not half of ${item.GstRt}% each`]);
      }
    } else {
      if (i.C !== 0 || i.S !== 0) {
        problems.push(['2173', `Item ${sl}: CGST and SGST are not charged across states`]);
      }
      if (!near(i.I, tax)) problems.push(['2174', `Item ${sl}: IGST is not ${item.GstRt}%`]);
    }
    if (!near(item.TotItemVal, item.AssAmt + i.I + i.C + i.S)) {
      problems.push(['2182', `Item ${sl}: item value is not assessable amount plus taxes`]);
    }
    ass += item.AssAmt;
    cgst += i.C;
    sgst += i.S;
    igst += i.I;
  }
  const v = inv.ValDtls;
  if (!near(v.AssVal, ass)) problems.push(['2182', 'Total assessable value is not the items’ sum']);
  if (!near(v.CgstVal ?? 0, cgst) || !near(v.SgstVal ?? 0, sgst) || !near(v.IgstVal ?? 0, igst)) {
    problems.push(['2182', 'Total tax values are not the items’ sums']);
  }
  const total =
    v.AssVal +
    (v.CgstVal ?? 0) +
    (v.SgstVal ?? 0) +
    (v.IgstVal ?? 0) -
    (v.Discount ?? 0) +
    (v.RndOffAmt ?? 0);
  if (!near(v.TotInvVal, total)) {
    problems.push(['2182', 'Total invoice value is not assessable value plus taxes']);
  }
  return problems;
}

export async function startFakeIrp(
  options: { now?: Date; gstins?: string[] } = {},
): Promise<FakeIrp> {
  const encryption = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const decryptKey = createPrivateKey(
    encryption.privateKey.export({ format: 'pem', type: 'pkcs8' }),
  );
  let clock = options.now ?? new Date();
  const tokens = new Map<string, Token>();
  const byDoc = new Map<string, string>();
  let ackSerial = 0;

  const fake: Omit<FakeIrp, 'url' | 'close' | 'seed'> & Partial<Pick<FakeIrp, 'seed'>> = {
    clientId: `AAFAKE${randomBytes(6).toString('hex').toUpperCase()}`,
    clientSecret: randomBytes(12).toString('hex'),
    username: 'kitroom_api',
    password: `pw-${randomBytes(6).toString('hex')}`,
    publicKey: encryption.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    signingPublicKey: signing.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    gstins: new Set(options.gstins ?? []),
    registrations: new Map(),
    calls: [],
    faults: [],
    setNow: (at) => {
      clock = at;
    },
    expireTokens: () => tokens.clear(),
  };

  const failure = (problems: Problem[], info: unknown = null) => ({
    Status: 0,
    ErrorDetails: problems.map(([ErrorCode, ErrorMessage]) => ({ ErrorCode, ErrorMessage })),
    InfoDtls: info,
  });

  function authorised(req: FastifyRequest): Token | Problem {
    const h = req.headers;
    if (h.client_id !== fake.clientId || h.client_secret !== fake.clientSecret) {
      return ['1010', 'Invalid Client-ID/Client-Secret'];
    }
    const token = tokens.get(String(h.authtoken ?? ''));
    if (!token || token.expiresAt <= clock.getTime() || h.user_name !== fake.username) {
      return ['1005', 'Invalid Token'];
    }
    if (h.gstin !== token.gstin) return ['1015', 'Invalid GSTIN for this user'];
    return token;
  }

  function payloadOf(req: FastifyRequest, token: Token): unknown {
    const body = z.object({ Data: z.string() }).safeParse(req.body);
    if (!body.success) return undefined;
    try {
      return JSON.parse(aesDecrypt(token.sek, body.data.Data).toString('utf8'));
    } catch {
      return undefined;
    }
  }

  const sealed = (token: Token, data: unknown) => ({
    Status: 1,
    Data: aesEncrypt(token.sek, Buffer.from(JSON.stringify(data))),
    ErrorDetails: null,
    InfoDtls: null,
  });

  const registrationData = (r: FakeRegistration) => ({
    AckNo: Number(r.ackNo),
    AckDt: nicTimestamp(r.ackAt),
    Irn: r.irn,
    SignedInvoice: r.signedInvoice,
    SignedQRCode: r.signedQrCode,
    Status: r.status,
    EwbNo: null,
    EwbDt: null,
    EwbValidTill: null,
  });

  /** A queued 'unavailable' responds 503 before anything is done; true when it did. */
  function unavailable(reply: FastifyReply): boolean {
    if (fake.faults[0] !== 'unavailable') return false;
    fake.faults.shift();
    void reply.code(503).send('Service Unavailable');
    return true;
  }

  const app = Fastify({ logger: false });

  app.post('/eivital/v1.04/auth', async (req) => {
    fake.calls.push('auth');
    const h = req.headers;
    if (h.client_id !== fake.clientId || h.client_secret !== fake.clientSecret) {
      return failure([['1010', 'Invalid Client-ID/Client-Secret']]);
    }
    let payload: z.infer<typeof AuthPayload>;
    try {
      const body = z.object({ Data: z.string() }).parse(req.body);
      payload = AuthPayload.parse(JSON.parse(rsaDecrypt(decryptKey, body.Data).toString('utf8')));
    } catch {
      return failure([['1007', 'Authentication failed. Pls. inform the helpdesk']]);
    }
    if (payload.UserName !== fake.username || payload.Password !== fake.password) {
      return failure([['1008', 'Invalid login credentials']]);
    }
    const gstin = String(h.gstin ?? '');
    if (!fake.gstins.has(gstin)) return failure([['1015', 'Invalid GSTIN for this user']]);
    const appKey = Buffer.from(payload.AppKey, 'base64');
    if (appKey.length !== 32) return failure([['1016', 'Decryption of App Key failed']]);
    const sek = randomBytes(32);
    const authToken = randomBytes(16).toString('hex');
    const expiresAt = clock.getTime() + TOKEN_MS;
    tokens.set(authToken, { gstin, sek, expiresAt });
    return {
      Status: 1,
      Data: {
        ClientId: fake.clientId,
        UserName: fake.username,
        AuthToken: authToken,
        Sek: aesEncrypt(appKey, sek),
        TokenExpiry: nicTimestamp(new Date(expiresAt)),
      },
      ErrorDetails: null,
      InfoDtls: null,
    };
  });

  app.post('/eicore/v1.03/Invoice', async (req, reply) => {
    fake.calls.push('generate');
    if (unavailable(reply)) return reply;
    const token = authorised(req);
    if (Array.isArray(token)) return failure([token]);
    const payload = payloadOf(req, token);
    const checked = NicInvoiceSchema.safeParse(payload);
    if (!checked.success) {
      return failure(
        checked.error.issues.map((i): Problem => [
          '2140',
          `Error while validating invoice: ${i.path.join('.')}: ${i.message}`,
        ]),
      );
    }
    const inv = checked.data;
    const problems = invoiceProblems(inv, token.gstin);
    if (problems.length > 0) return failure(problems);
    const docKey = `${inv.SellerDtls.Gstin}|${financialYearOfDate(inv.DocDtls.Dt)}|${inv.DocDtls.Typ}|${inv.DocDtls.No.toUpperCase()}`;
    const existing = byDoc.get(docKey);
    if (existing) {
      const r = fake.registrations.get(existing)!;
      if (r.status === 'CNL') {
        return failure([['2278', 'IRN is already generated and is cancelled for this Document']]);
      }
      return failure(
        [['2150', 'Duplicate IRN']],
        [
          {
            InfCd: 'DUPIRN',
            Desc: { AckNo: Number(r.ackNo), AckDt: nicTimestamp(r.ackAt), Irn: r.irn },
          },
        ],
      );
    }
    const registration = registerDocument(inv, docKey);
    // A queued 'lose-response': registered, but the response never reaches the caller.
    if (fake.faults[0] === 'lose-response') {
      fake.faults.shift();
      return reply.code(502).send('Bad Gateway');
    }
    return sealed(token, registrationData(registration));
  });

  function registerDocument(inv: NicInvoice, docKey: string): FakeRegistration {
    const irn = irnOf(inv.SellerDtls.Gstin, inv.DocDtls.Dt, inv.DocDtls.Typ, inv.DocDtls.No);
    const ackAt = new Date(Math.floor(clock.getTime() / 1000) * 1000);
    const ackNo = `1120${String(++ackSerial).padStart(11, '0')}`;
    const qr = {
      SellerGstin: inv.SellerDtls.Gstin,
      BuyerGstin: inv.BuyerDtls.Gstin,
      DocNo: inv.DocDtls.No,
      DocTyp: inv.DocDtls.Typ,
      DocDt: inv.DocDtls.Dt,
      TotInvVal: inv.ValDtls.TotInvVal,
      ItemCnt: inv.ItemList.length,
      MainHsnCode: inv.ItemList[0]!.HsnCd,
      Irn: irn,
      IrnDt: nicTimestamp(ackAt),
    };
    const registration: FakeRegistration = {
      irn,
      gstin: inv.SellerDtls.Gstin,
      docKey,
      ackNo,
      ackAt,
      invoice: inv,
      signedInvoice: jws(signing.privateKey, {
        data: JSON.stringify({
          ...inv,
          Irn: irn,
          AckNo: Number(ackNo),
          AckDt: nicTimestamp(ackAt),
        }),
        iss: 'NIC',
      }),
      signedQrCode: jws(signing.privateKey, { data: JSON.stringify(qr), iss: 'NIC' }),
      status: 'ACT',
      canceledAt: null,
      cancelReason: null,
    };
    fake.registrations.set(irn, registration);
    byDoc.set(docKey, irn);
    return registration;
  }

  fake.seed = (gstin, docNo, docDate) => {
    const inv = {
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' },
      DocDtls: { Typ: 'INV', No: docNo, Dt: docDate },
      SellerDtls: {
        Gstin: gstin,
        LglNm: 'Seeded',
        Addr1: 'Seeded',
        Loc: 'Seeded',
        Pin: 673004,
        Stcd: gstin.slice(0, 2),
      },
      BuyerDtls: {
        Gstin: '33AABCC1234D1ZI',
        LglNm: 'Seeded',
        Pos: '33',
        Addr1: 'Seeded',
        Loc: 'Seeded',
        Stcd: '33',
      },
      ItemList: [
        {
          SlNo: '1',
          IsServc: 'N',
          HsnCd: '610910',
          UnitPrice: 0,
          TotAmt: 0,
          AssAmt: 0,
          GstRt: 5,
          TotItemVal: 0,
        },
      ],
      ValDtls: { AssVal: 0, TotInvVal: 0 },
    } satisfies NicInvoice;
    return registerDocument(
      inv,
      `${gstin}|${financialYearOfDate(docDate)}|INV|${docNo.toUpperCase()}`,
    );
  };

  app.post('/eicore/v1.03/Invoice/Cancel', async (req, reply) => {
    fake.calls.push('cancel');
    if (unavailable(reply)) return reply;
    const token = authorised(req);
    if (Array.isArray(token)) return failure([token]);
    const body = CancelPayload.safeParse(payloadOf(req, token));
    if (!body.success) {
      return failure(
        body.error.issues.map((i): Problem => ['2140', `${i.path.join('.')}: ${i.message}`]),
      );
    }
    const r = fake.registrations.get(body.data.Irn);
    if (!r) return failure([['2148', 'Requested IRN data is not available']]);
    if (r.gstin !== token.gstin)
      return failure([['2143', 'Invoice does not belongs to the user GSTIN']]);
    if (r.status === 'CNL') return failure([['9999', 'Invoice is not active']]);
    if (clock.getTime() - r.ackAt.getTime() > CANCEL_MS) {
      return failure([
        ['2270', 'The allowed cancellation time limit is crossed, you cannot cancel the IRN'],
      ]);
    }
    r.status = 'CNL';
    r.canceledAt = new Date(Math.floor(clock.getTime() / 1000) * 1000);
    r.cancelReason = body.data.CnlRsn;
    return sealed(token, { Irn: r.irn, CancelDate: nicTimestamp(r.canceledAt) });
  });

  app.get('/eicore/v1.03/Invoice/irn/:irn', async (req, reply) => {
    fake.calls.push('get');
    if (unavailable(reply)) return reply;
    const token = authorised(req);
    if (Array.isArray(token)) return failure([token]);
    const r = fake.registrations.get((req.params as { irn: string }).irn);
    if (!r) return failure([['2148', 'Requested IRN data is not available']]);
    if (r.gstin !== token.gstin)
      return failure([['2143', 'Invoice does not belongs to the user GSTIN']]);
    if (clock.getTime() - r.ackAt.getTime() > GET_MS) {
      return failure([
        ['2283', 'IRN details cannot be provided as it is generated more than 2 days prior'],
      ]);
    }
    return sealed(token, registrationData(r));
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { ...fake, url, close: () => app.close() } as FakeIrp;
}
