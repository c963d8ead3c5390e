// Secret hashing for passwords and one-time codes: argon2id with OWASP's parameters
// (19 MiB, 2 passes, 1 lane), about 40 ms a hash on these machines.
//
// At most HASHING_SLOTS hashes or verifications run at once, and at most HASHING_QUEUE wait:
// argon2 runs on libuv's pool of 4 threads, which also serves files and compression, so a
// flood of signups or logins would otherwise hold every thread and slow every page. A
// request beyond the queue is told to try again (429) instead of waiting without end.
import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { TooMany } from '../domain-errors.js';

const ARGON2ID = 2; // Algorithm.Argon2id: the package's const enum cannot be imported here.

const OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const HASHING_SLOTS = 2;
export const HASHING_QUEUE = 64;
export const HASHING_BUSY = 'We are busy just now. Please try again in a moment.';

let running = 0;
const waiting: (() => void)[] = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASHING_SLOTS) {
    running += 1;
  } else {
    if (waiting.length >= HASHING_QUEUE) throw new TooMany(HASHING_BUSY);
    // The finishing holder hands its slot over directly, so `running` stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes and verifications running and waiting now (tests watch the cap). */
export function hashingLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

/** The PHC string of the secret (salted), for storing. */
export function hashSecret(secret: string): Promise<string> {
  return inSlot(() => hash(secret, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification and returns false: used when there is no stored hash
 * (unknown email), so that a wrong address and a wrong password take as long.
 */
export async function verifyNothing(secret: string): Promise<false> {
  // Made once per process, outside the slots: a refusal must not be remembered here.
  dummyHash ??= hash(randomBytes(16).toString('hex'), OPTIONS);
  const stored = await dummyHash;
  await inSlot(() => verify(stored, secret));
  return false;
}

/** Whether the secret matches the stored hash; a hash that is not argon2 never matches. */
export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  if (!storedHash.startsWith('$argon2')) return verifyNothing(secret);
  return inSlot(async () => {
    try {
      return await verify(storedHash, secret);
    } catch {
      return false;
    }
  });
}
