// Secrets kept at rest only sealed (decision 069): AES-256-GCM with a 32-byte key from the
// configuration, a fresh 12-byte nonce each time, the tag checked on opening — a wrong key or a
// changed byte opens nothing.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** 'v1.<nonce>.<tag>.<ciphertext>', each part base64. */
export function seal(key: Buffer, plaintext: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join('.');
}

/** The plaintext, or null when this key did not seal it (or the text was changed). */
export function unseal(key: Buffer, sealed: string): Buffer | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]);
  } catch {
    return null;
  }
}
