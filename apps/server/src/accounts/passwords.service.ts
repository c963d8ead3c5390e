// Secret hashing for passwords and one-time codes: argon2id with OWASP's parameters
// (19 MiB, 2 passes, 1 lane), about 40 ms a hash on these machines.
import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id: the package's const enum cannot be imported here.

const OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** The PHC string of the secret (salted), for storing. */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification and answers false: used when there is no stored hash
 * (unknown email), so that a wrong address and a wrong password take as long.
 */
export async function verifyNothing(secret: string): Promise<false> {
  dummyHash ??= hashSecret(randomBytes(16).toString('hex'));
  await verify(await dummyHash, secret);
  return false;
}

/** Whether the secret matches the stored hash; a hash that is not argon2 never matches. */
export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  if (!storedHash.startsWith('$argon2')) return verifyNothing(secret);
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}
