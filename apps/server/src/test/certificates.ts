// Self-signed PKCS#12 certificates for the signing tests (decision 069), made with node-forge
// (what the signer reads them with) rather than by shelling out to openssl. The RSA key is made
// once per process by node's crypto (forge's own key generation takes seconds).
import { generateKeyPairSync } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

const DAY = 86_400_000;

let keys: { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } | undefined;

function keyPair() {
  if (!keys) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const privateKey = forge.pki.privateKeyFromPem(
      pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    ) as forge.pki.rsa.PrivateKey;
    keys = { privateKey, publicKey: forge.pki.setRsaPublicKey(privateKey.n, privateKey.e) };
  }
  return keys;
}

export interface TestCertificateOptions {
  /** The subject's common name. */
  name?: string;
  password?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** False: the file holds the certificate alone, no private key. */
  withKey?: boolean;
  /** 'encryption': key usage for enciphering keys only, as a DSC's encryption certificate. */
  usage?: 'signing' | 'encryption';
}

export const TEST_CERTIFICATE_NAME = 'MALABAR KITS PRIVATE LIMITED';
export const TEST_CERTIFICATE_PASSWORD = 'kitroom-test-pfx';

/** A .p12 file of a self-signed certificate (valid from yesterday for a year, by default). */
export function testCertificate(options: TestCertificateOptions = {}): Buffer {
  const { privateKey, publicKey } = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = '0a1b2c3d';
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY);
  // Country first, as Certifying Authorities write them.
  cert.setSubject([
    { name: 'countryName', value: 'IN' },
    { name: 'organizationName', value: 'Malabar Kits Private Limited' },
    { name: 'commonName', value: options.name ?? TEST_CERTIFICATE_NAME },
  ]);
  cert.setIssuer([
    { name: 'countryName', value: 'IN' },
    { name: 'commonName', value: 'Kitroom Test CA' },
  ]);
  cert.setExtensions([
    options.usage === 'encryption'
      ? { name: 'keyUsage', keyEncipherment: true, dataEncipherment: true }
      : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    options.withKey === false ? null : privateKey,
    [cert],
    options.password ?? TEST_CERTIFICATE_PASSWORD,
    { algorithm: '3des' },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** The upload's body for a certificate file and its password. */
export function certificateUpload(file: Buffer, password = TEST_CERTIFICATE_PASSWORD) {
  return { file: file.toString('base64'), password };
}

const run = promisify(execFile);

/** What poppler's pdfsig says of a PDF's signatures (its report, whatever its exit code). */
export async function pdfSignatures(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-pdfsig-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    return await run('pdfsig', [path.join(dir, 'doc.pdf')]).then(
      (r) => r.stdout,
      (err: { stdout?: string }) => err.stdout ?? '',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
