// Signed invoices and credit notes (issue 40 item 4, decision 069), as the owner, staff and a
// shopper meet them: the owner uploads the shop's PKCS#12 certificate in Settings (a bad file,
// a wrong password, an expired certificate or one without its key refused with the reason),
// sees its names and dates, and removes it; a manager cannot. With it, the shopper's invoice,
// the staff's three copies and a credit note carry a visible "Digitally signed by …" box and a
// signature poppler's pdfsig finds valid over the whole file; without it, the document says it
// is computer-generated and not signed. The audit never holds the file or the password.
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { extractSignature } from '@signpdf/utils';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import {
  certificateUpload,
  pdfSignatures,
  TEST_CERTIFICATE_NAME,
  TEST_CERTIFICATE_PASSWORD,
  testCertificate,
} from '../test/certificates.js';
import { paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { pdfText } from '../test/pdf.js';
import { createStaff } from '../test/staff.js';
import { seedCreditNote, seedInvoice } from '../test/tax-documents.js';
import {
  CANNOT_OPEN_STORED,
  documentSigner,
  NO_SIGNING_KEY,
  signingCertificateStatus,
  uploadSigningCertificate,
} from './signing-certificate.service.js';

const CERTIFICATE = '/api/admin/settings/signing-certificate';
const FIXTURES = path.join(import.meta.dirname, '../test/fixtures/certificates');

let t: TestApp;
let owner: AdminClient;
let manager: AdminClient;
let packer: AdminClient;
let s: Shopper;
let jersey: number;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  const origin = new URL(t.config.publicUrl).origin;
  owner = adminClient(t.app, origin, (await createStaff(t.db, 'owner')).cookie);
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Malabar FC Home',
    pricePaise: 129_900,
    sizes: { M: 40 },
  });
  s = await shopper(t);
});
afterAll(() => t?.close());

const upload = (file: Buffer, password = TEST_CERTIFICATE_PASSWORD) =>
  owner.call('POST', CERTIFICATE, certificateUpload(file, password));

/** A shipped order of the shopper's, so it has its invoice. */
async function invoicedOrder(): Promise<number> {
  const orderId = await paidOrder(t, s, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359);
  const shipped = await packer.call('POST', `/api/admin/orders/${orderId}/ship`, {
    courier_name: 'Delhivery',
    tracking_id: `DLV${orderId}`,
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  return orderId;
}

const shopperInvoice = async (orderId: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/invoice.php?order_id=${orderId}`,
    headers: { cookie: s.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

/** The length of the DER value at the start of `bytes`: its tag, its length's bytes and its body. */
function derLength(bytes: Buffer): number {
  const first = bytes[1]!;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  return 2 + count + bytes.subarray(2, 2 + count).readUIntBE(0, count);
}

/** What the shop's PDF readers would check: the CMS's digest of the signed bytes and its RSA signature. */
function checkCms(pdf: Buffer): {
  signer: string;
  digestMatches: boolean;
  signatureValid: boolean;
} {
  const { ByteRange, signedData } = extractSignature(pdf);
  // The whole <…> placeholder, zeros and all: extractSignature trims trailing "00"s, which also
  // cuts a signature whose own last byte is 0 (one in 256). The DER's length says where it ends.
  const [start, length, after] = ByteRange as [number, number, number, number];
  const placeholder = Buffer.from(pdf.subarray(start + length + 1, after - 1).toString(), 'hex');
  const der = placeholder.subarray(0, derLength(placeholder)).toString('binary');
  const p7 = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(der)),
  ) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const cert = p7.certificates[0]!;
  const attributes = p7.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes
    .map((a) => a.value as forge.asn1.Asn1[])
    .find((a) => forge.asn1.derToOid(a[0]!.value as string) === forge.pki.oids.messageDigest!);
  const digest = (digestAttribute![1]!.value as forge.asn1.Asn1[])[0]!.value as string;
  const signed = forge.asn1.toDer(
    forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes),
  );
  return {
    signer: String(cert.subject.getField('CN')?.value),
    digestMatches:
      Buffer.from(digest, 'binary').toString('hex') ===
      createHash('sha256').update(signedData).digest('hex'),
    signatureValid: verify(
      'sha256',
      Buffer.from(signed.getBytes(), 'binary'),
      createPublicKey(forge.pki.publicKeyToPem(cert.publicKey)),
      Buffer.from(p7.rawCapture.signature, 'binary'),
    ),
  };
}

describe('Settings → Invoice signature', () => {
  it('refuses what cannot sign, with the reason', async () => {
    const refusals: [Promise<{ statusCode: number; json(): unknown }>, string][] = [
      [
        upload(Buffer.from('not a certificate at all')),
        'file: this is not a PKCS#12 certificate file (.p12 or .pfx).',
      ],
      [
        upload(testCertificate(), 'wrong-password'),
        'password: this password does not open the certificate file.',
      ],
      [
        upload(testCertificate({ withKey: false })),
        'file: the file holds no private key. Export the certificate with its private key (a .pfx with an exportable key).',
      ],
      [
        upload(testCertificate({ usage: 'encryption' })),
        'file: this certificate is not for signing (its key usage is encryption only). Upload the signing certificate of your DSC.',
      ],
      [
        // A throwaway self-signed P-256 certificate (openssl, password 'pw'): forge signs RSA only.
        upload(readFileSync(path.join(FIXTURES, 'ec-p256.p12')), 'pw'),
        'file: the private key is not an RSA key; only RSA certificates can sign the documents.',
      ],
      [
        upload(
          testCertificate({
            notBefore: new Date('2024-04-01T00:00:00Z'),
            notAfter: new Date('2025-03-31T10:00:00Z'),
          }),
        ),
        'file: the certificate expired on 31 Mar 2025.',
      ],
      [
        upload(
          testCertificate({
            notBefore: new Date('2030-01-15T00:00:00Z'),
            notAfter: new Date('2031-01-15T00:00:00Z'),
          }),
        ),
        'file: the certificate is valid only from 15 Jan 2030.',
      ],
      [
        owner.call('POST', CERTIFICATE, { file: '', password: 'x' }),
        'Invalid request: file: attach the .p12 or .pfx file',
      ],
      [
        owner.call('POST', CERTIFICATE, { file: 'AAAA', password: '' }),
        "Invalid request: password: enter the certificate file's password",
      ],
    ];
    for (const [sending, error] of refusals) {
      const res = await sending;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const now = await owner.call('GET', CERTIFICATE);
    expect(now.json()).toEqual({ certificate: null, can_store: true });
  });

  it('is the owner’s alone', async () => {
    expect((await manager.call('GET', CERTIFICATE)).statusCode).toBe(403);
    const res = await manager.call('POST', CERTIFICATE, certificateUpload(testCertificate()));
    expect(res.statusCode).toBe(403);
    expect((await owner.call('GET', CERTIFICATE)).json().certificate).toBeNull();
  });

  it('without a key (production without DOCUMENT_SIGNING_KEY) stores nothing and says why', async () => {
    const actor = { staffId: null, ip: null, by: 'command_line' as const };
    await expect(
      uploadSigningCertificate(t.db, null, actor, certificateUpload(testCertificate())),
    ).rejects.toThrow(NO_SIGNING_KEY);
    expect((await owner.call('GET', CERTIFICATE)).json().certificate).toBeNull();
  });
});

describe('documents without a certificate', () => {
  it('say they are computer-generated and carry no signature', async () => {
    const orderId = await invoicedOrder();
    const pdf = await shopperInvoice(orderId);
    const text = await pdfText(pdf);
    expect(text).toContain('Computer-generated invoice; not digitally signed.');
    expect(text).not.toContain('Digitally signed by');
    expect(await pdfSignatures(pdf)).toContain('does not contain any signatures');
  });
});

describe('documents signed with the shop’s certificate', () => {
  let orderId: number;

  beforeAll(async () => {
    orderId = await invoicedOrder();
    const res = await upload(testCertificate());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('Settings shows the certificate’s names and dates, and the audit no secret', async () => {
    const res = await owner.call('GET', CERTIFICATE);
    const shown = res.json().certificate;
    expect(shown).toMatchObject({
      subject_name: TEST_CERTIFICATE_NAME,
      subject: `CN=${TEST_CERTIFICATE_NAME}, O=Malabar Kits Private Limited, C=IN`,
      issuer: 'CN=Kitroom Test CA, C=IN',
      serial_number: '0A1B2C3D',
      problem: null,
    });
    expect(shown.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const entries = await queryRows<{ action: string; after: unknown; before: unknown }>(
      t.db,
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'signing_certificate'`,
    );
    expect(entries.map((e) => e.action)).toEqual(['upload']);
    const written = JSON.stringify(entries);
    expect(written).not.toContain(TEST_CERTIFICATE_PASSWORD);
    expect(written).not.toContain(testCertificate().toString('base64').slice(0, 40));
    const [stored] = await queryRows<{ sealed: string }>(
      t.db,
      sql`SELECT sealed FROM signing_certificate`,
    );
    expect(stored!.sealed).toMatch(/^v1\./);
    expect(stored!.sealed).not.toContain(TEST_CERTIFICATE_PASSWORD);
  });

  it('the shopper’s invoice shows who signed, when, why and where, and its signature is valid', async () => {
    const started = performance.now();
    const pdf = await shopperInvoice(orderId);
    const ms = performance.now() - started;
    const text = await pdfText(pdf);
    expect(text).toContain(`Digitally signed by ${TEST_CERTIFICATE_NAME}`);
    expect(text).toMatch(/Date: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST/);
    expect(text).toContain('Reason: GST invoice (Rule 46(q))');
    expect(text).toContain('Location: Kozhikode');
    expect(text).toContain('ORIGINAL FOR RECIPIENT');
    expect(text).not.toContain('Computer-generated');
    const report = await pdfSignatures(pdf);
    expect(report).toContain(`Signer Certificate Common Name: ${TEST_CERTIFICATE_NAME}`);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    // Self-signed: pdfsig cannot trust the issuer, which a Certifying Authority's would fix.
    expect(report).toMatch(/Certificate Validation: (Certificate issuer is unknown|.*not trusted)/);
    expect(checkCms(pdf)).toEqual({
      signer: TEST_CERTIFICATE_NAME,
      digestMatches: true,
      signatureValid: true,
    });
    expect(ms).toBeLessThan(10_000);
  });

  it('signing changes no figure: the signed invoice reads as the unsigned one, box aside', async () => {
    const signed = await pdfText(await shopperInvoice(orderId));
    const figures = (text: string) => text.match(/₹[\d,]+\.\d{2}|\b\d[\d,]*\.\d{2}\b/g);
    await owner.call('DELETE', CERTIFICATE);
    const unsigned = await pdfText(await shopperInvoice(orderId));
    expect(figures(signed)).toEqual(figures(unsigned));
    expect(figures(signed)!.length).toBeGreaterThan(5);
    await upload(testCertificate());
  });

  it('a PDF that is changed after signing no longer verifies', async () => {
    const pdf = await shopperInvoice(orderId);
    const at = pdf.indexOf('ORIGINAL FOR RECIPIENT');
    const tampered = Buffer.from(pdf);
    if (at >= 0) tampered.write('X', at);
    else tampered.write('%X', 9);
    expect(await pdfSignatures(tampered)).not.toContain('Signature is Valid.');
    expect(checkCms(tampered).digestMatches).toBe(false);
  });

  it('staff’s three copies are one PDF with one signature over all of it, a box on each', async () => {
    const res = await manager.call('GET', `/api/admin/orders/${orderId}/invoice`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text.match(/Digitally signed by/g)).toHaveLength(3);
    const report = await pdfSignatures(res.rawPayload);
    expect(report.match(/Signature #/g)).toHaveLength(1);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
  });

  it('a credit note is signed as a credit note', async () => {
    const invoice = await seedInvoice(t.db, {
      number: 'KR/26-27/900001',
      issuedAt: '2026-11-05T06:00:00Z',
      state: 'Kerala',
      lines: [{ quantity: 1, unitPricePaise: 129_900, rateBp: 500 }],
    });
    const note = await seedCreditNote(t.db, invoice, {
      number: 'CN/26-27/900001',
      issuedAt: '2026-11-09T06:00:00Z',
      state: 'Kerala',
      lines: [{ quantity: 1, unitPricePaise: 129_900, rateBp: 500 }],
    });
    const res = await manager.call('GET', `/api/admin/credit-notes/${note.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Digitally signed by ${TEST_CERTIFICATE_NAME}`);
    expect(text).toContain('Reason: GST credit note (Rule 53)');
    const report = await pdfSignatures(res.rawPayload);
    expect(report).toContain('Signature Validation: Signature is Valid.');
  });

  it('the shipped mail’s attachment is the signed invoice', async () => {
    const mailed = await invoicedOrder();
    await t.drainOutbox();
    const dir = path.join(t.config.dataDir, 'outbox');
    const mails = await Promise.all(
      (await readdir(dir)).map(async (f) => simpleParser(await readFile(path.join(dir, f)))),
    );
    const shipped = mails.find((m) => m.subject === `Kitroom order #${mailed} has shipped`)!;
    const [file] = shipped.attachments;
    expect(await pdfText(file!.content)).toContain(`Digitally signed by ${TEST_CERTIFICATE_NAME}`);
    expect(await pdfSignatures(file!.content)).toContain(
      'Signature Validation: Signature is Valid.',
    );
  });

  it('one the key cannot open, or expired since, signs nothing and Settings says why', async () => {
    const otherKey = randomBytes(32);
    expect((await signingCertificateStatus(t.db, otherKey)).certificate?.problem).toBe(
      CANNOT_OPEN_STORED,
    );
    expect(await documentSigner(t.db, otherKey)).toBeNull();
    const nextYear = new Date(Date.now() + 400 * 86_400_000);
    const later = await signingCertificateStatus(t.db, t.config.documentSigningKey, nextYear);
    expect(later.certificate?.problem).toMatch(
      /^The certificate expired on \d{1,2} \w{3} \d{4}\.$/,
    );
    expect(await documentSigner(t.db, t.config.documentSigningKey, nextYear)).toBeNull();
    expect(await documentSigner(t.db, t.config.documentSigningKey)).toMatchObject({
      name: TEST_CERTIFICATE_NAME,
      password: TEST_CERTIFICATE_PASSWORD,
    });
  });

  it('replaced, then removed: the audit says so, and documents go back to unsigned', async () => {
    const replaced = await upload(testCertificate({ name: 'KITROOM RENEWED' }));
    expect(replaced.json().certificate.subject_name).toBe('KITROOM RENEWED');
    expect(await pdfText(await shopperInvoice(orderId))).toContain(
      'Digitally signed by KITROOM RENEWED',
    );
    const removed = await owner.call('DELETE', CERTIFICATE);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ certificate: null, can_store: true });
    const again = await owner.call('DELETE', CERTIFICATE);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'No certificate is set.' });
    const entries = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_log WHERE entity = 'signing_certificate' ORDER BY id`,
    );
    expect(entries.map((e) => e.action).slice(-3)).toEqual(['upload', 'replace', 'remove']);
    expect(await pdfText(await shopperInvoice(orderId))).toContain(
      'Computer-generated invoice; not digitally signed.',
    );
  });
});
