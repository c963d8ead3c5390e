// The cryptography of NIC's e-invoice API (einv-apisandbox.nic.in, "Encryption and
// decryption"): the authentication payload encrypted with NIC's RSA public key (PKCS#1 v1.5),
// the session key (Sek) AES-256-ECB encrypted with our AppKey, request and response payloads
// AES-256-ECB (PKCS#7 padding) with the Sek, all base64; and the signed responses as JWS
// (RS256: RSASSA-PKCS1-v1_5 with SHA-256) verified with NIC's signing certificate.
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  publicEncrypt,
  verify,
  type KeyObject,
} from 'node:crypto';

export function rsaEncrypt(publicKey: KeyObject | string, data: Buffer): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, data).toString(
    'base64',
  );
}

export function aesEncrypt(key: Buffer, data: Buffer): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(data), cipher.final()]).toString('base64');
}

export function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
}

/** A PEM public key or certificate as a key object. */
export function publicKeyOf(pem: string): KeyObject {
  return createPublicKey(pem);
}

/**
 * The payload of a JWS in compact form, when its RS256 signature verifies with the key (or
 * with no key to check against); null when it does not, or it is no JWS.
 */
export function jwsPayload(jws: string, key: KeyObject | null): Record<string, unknown> | null {
  const parts = jws.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as {
      alg?: unknown;
    };
    if (header.alg !== 'RS256') return null;
    if (
      key &&
      !verify(
        'RSA-SHA256',
        Buffer.from(`${head}.${body}`),
        key,
        Buffer.from(signature, 'base64url'),
      )
    ) {
      return null;
    }
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
