// The shop's certificate for signing invoices and credit notes (decision 069). The owner sends a
// PKCS#12 file and its password; it is kept only if it opens with that password, holds an RSA
// private key and the certificate that matches it, and is valid today. File and password are
// stored sealed with the configuration's key (sealed-secret.ts); the names, dates and
// fingerprint are kept in clear for Settings. Uploads and removals are audited without the
// secret. The tax documents ask `documentSigner` for what they sign with.
import { createHash } from 'node:crypto';
import type {
  SigningCertificate,
  SigningCertificateResponse,
  UploadSigningCertificateRequest,
} from '@kitroom/contract/admin';
import forge from 'node-forge';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { indianDateText } from '../indian-days.js';
import { record, type Actor } from '../staff/index.js';
import { seal, unseal } from './sealed-secret.js';
import * as q from './signing-certificate.queries.js';

export const NOT_PKCS12 = 'file: this is not a PKCS#12 certificate file (.p12 or .pfx).';
export const WRONG_PASSWORD = 'password: this password does not open the certificate file.';
export const NO_PRIVATE_KEY =
  'file: the file holds no private key. Export the certificate with its private key (a .pfx with an exportable key).';
export const NOT_RSA =
  'file: the private key is not an RSA key; only RSA certificates can sign the documents.';
export const NOT_FOR_SIGNING =
  'file: this certificate is not for signing (its key usage is encryption only). Upload the signing certificate of your DSC.';
export const NO_MATCHING_CERTIFICATE = 'file: the file holds no certificate for its private key.';
export const NO_CERTIFICATE = 'No certificate is set.';
export const NO_SIGNING_KEY =
  'The server has no DOCUMENT_SIGNING_KEY, so it cannot store a certificate safely. Set it (docs/operations.md) and restart the shop, then upload the certificate again.';
export const expiredText = (validTo: Date) =>
  `file: the certificate expired on ${indianDateText(validTo)}.`;
export const notYetValidText = (validFrom: Date) =>
  `file: the certificate is valid only from ${indianDateText(validFrom)}.`;
export const CANNOT_OPEN_STORED =
  "The stored certificate cannot be opened with this server's DOCUMENT_SIGNING_KEY (was the key changed?). Upload the certificate again.";

/** What the documents are signed with: the file and its password, opened, and its name. */
export interface DocumentSigner {
  p12: Buffer;
  password: string;
  /** The certificate's common name, as the signature box prints it. */
  name: string;
}

/** A PKCS#12 bag type's object identifier. */
function oid(name: 'pkcs8ShroudedKeyBag' | 'certBag'): string {
  const id = forge.pki.oids[name];
  if (!id) throw new Error(`node-forge knows no ${name}`);
  return id;
}

interface Opened {
  subjectName: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
  fingerprint: string;
}

const dn = (attributes: forge.pki.CertificateField[]) =>
  attributes
    .map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`)
    .reverse()
    .join(', ');

/** Opens the file with the password and finds the key's certificate; throws Invalid why not. */
function openPkcs12(file: Buffer, password: string): Opened {
  let p12: forge.pkcs12.Pkcs12Pfx;
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')));
  } catch {
    throw new Invalid(NOT_PKCS12);
  }
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    throw new Invalid(
      /MAC could not be verified|Invalid password/i.test(message) ? WRONG_PASSWORD : NOT_PKCS12,
    );
  }
  const keyBag = p12.getBags({ bagType: oid('pkcs8ShroudedKeyBag') })[
    oid('pkcs8ShroudedKeyBag')
  ]?.[0];
  if (!keyBag) throw new Invalid(NO_PRIVATE_KEY);
  const key = keyBag.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key || typeof key.n !== 'object') throw new Invalid(NOT_RSA);
  const certBags = p12.getBags({ bagType: oid('certBag') })[oid('certBag')] ?? [];
  const cert = certBags
    .map((bag) => bag.cert)
    .find((c) => {
      const pub = c?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return pub?.n !== undefined && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
    });
  if (!cert) throw new Invalid(NO_MATCHING_CERTIFICATE);
  // A DSC often comes as a pair, one for signing and one for encryption: only the first signs.
  const usage = cert.getExtension('keyUsage') as
    { digitalSignature?: boolean; nonRepudiation?: boolean } | undefined;
  if (usage && !usage.digitalSignature && !usage.nonRepudiation) {
    throw new Invalid(NOT_FOR_SIGNING);
  }
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  const cn = cert.subject.getField('CN') as forge.pki.CertificateField | null;
  const org = cert.subject.getField('O') as forge.pki.CertificateField | null;
  return {
    subjectName: String(cn?.value ?? org?.value ?? dn(cert.subject.attributes)),
    subject: dn(cert.subject.attributes),
    issuer: dn(cert.issuer.attributes),
    serialNumber: cert.serialNumber.toUpperCase(),
    validFrom: cert.validity.notBefore,
    validTo: cert.validity.notAfter,
    fingerprint: createHash('sha256')
      .update(Buffer.from(der, 'binary'))
      .digest('hex')
      .toUpperCase()
      .replace(/(..)(?!$)/g, '$1:'),
  };
}

/** Why a certificate valid from–to cannot sign at `now`; null when it can. */
function datesProblem(validFrom: Date, validTo: Date, now: Date): string | null {
  if (now > validTo) return expiredText(validTo);
  if (now < validFrom) return notYetValidText(validFrom);
  return null;
}

/** The sealed file and password, opened; null when this key did not seal them. */
function secretOf(key: Buffer, row: q.CertificateRow): { p12: Buffer; password: string } | null {
  const opened = unseal(key, row.sealed);
  if (!opened) return null;
  const { p12, password } = JSON.parse(opened.toString('utf8')) as {
    p12: string;
    password: string;
  };
  return { p12: Buffer.from(p12, 'base64'), password };
}

function problemOf(key: Buffer | null, row: q.CertificateRow, now: Date): string | null {
  if (!key || !secretOf(key, row)) return CANNOT_OPEN_STORED;
  const dates = datesProblem(row.validFrom, row.validTo, now);
  return dates && dates.replace(/^file: the certificate/, 'The certificate');
}

function shown(key: Buffer | null, row: q.CertificateRow, now: Date): SigningCertificate {
  return {
    subject_name: row.subjectName,
    subject: row.subject,
    issuer: row.issuer,
    serial_number: row.serialNumber,
    valid_from: row.validFrom.toISOString(),
    valid_to: row.validTo.toISOString(),
    fingerprint: row.fingerprint,
    uploaded_at: row.uploadedAt.toISOString(),
    problem: problemOf(key, row, now),
  };
}

/** What Settings shows: the certificate (or none), and whether one can be stored. */
export async function signingCertificateStatus(
  db: Queryable,
  key: Buffer | null,
  now = new Date(),
): Promise<SigningCertificateResponse> {
  const row = await q.readCertificate(db);
  return { certificate: row ? shown(key, row, now) : null, can_store: key !== null };
}

/** The audit's view of a certificate: what identifies it, never the file or the password. */
const audited = (row: q.CertificateRow) => ({
  subject: row.subject,
  issuer: row.issuer,
  serial_number: row.serialNumber,
  valid_to: row.validTo.toISOString(),
  fingerprint: row.fingerprint,
});

/** Sets or replaces the certificate (the owner's), after checking it can sign today. */
export async function uploadSigningCertificate(
  db: Db,
  key: Buffer | null,
  actor: Actor,
  input: UploadSigningCertificateRequest,
  now = new Date(),
): Promise<SigningCertificateResponse> {
  if (!key) throw new Conflict(NO_SIGNING_KEY);
  const file = Buffer.from(input.file, 'base64');
  const opened = openPkcs12(file, input.password);
  const dates = datesProblem(opened.validFrom, opened.validTo, now);
  if (dates) throw new Invalid(dates);
  const sealed = seal(
    key,
    Buffer.from(JSON.stringify({ p12: file.toString('base64'), password: input.password })),
  );
  return db.transaction(async (tx) => {
    const before = await q.readCertificate(tx);
    const row = await q.putCertificate(tx, { sealed, ...opened, uploadedBy: actor.staffId }, now);
    await record(tx, actor, {
      entity: 'signing_certificate',
      entityId: 1,
      action: before ? 'replace' : 'upload',
      before: before ? audited(before) : null,
      after: audited(row),
    });
    return { certificate: shown(key, row, now), can_store: true };
  });
}

/** Removes the certificate: documents are no longer signed. */
export async function removeSigningCertificate(
  db: Db,
  key: Buffer | null,
  actor: Actor,
): Promise<SigningCertificateResponse> {
  return db.transaction(async (tx) => {
    const removed = await q.deleteCertificate(tx);
    if (!removed) throw new NotFound(NO_CERTIFICATE);
    await record(tx, actor, {
      entity: 'signing_certificate',
      entityId: 1,
      action: 'remove',
      before: audited(removed),
      after: null,
    });
    return { certificate: null, can_store: key !== null };
  });
}

/**
 * What to sign documents with now; null when there is no certificate, or it cannot sign
 * (expired, not yet valid, sealed with another key) — Settings says which.
 */
export async function documentSigner(
  db: Queryable,
  key: Buffer | null,
  now = new Date(),
): Promise<DocumentSigner | null> {
  const row = await q.readCertificate(db);
  if (!row || !key || datesProblem(row.validFrom, row.validTo, now)) return null;
  const secret = secretOf(key, row);
  return secret && { ...secret, name: row.subjectName };
}
