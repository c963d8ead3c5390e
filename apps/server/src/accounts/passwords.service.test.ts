import { describe, expect, it } from 'vitest';
import { TooMany } from '../domain-errors.js';
import { httpStatusOf } from '../http/index.js';
import {
  HASHING_BUSY,
  HASHING_QUEUE,
  HASHING_SLOTS,
  hashingLoad,
  hashSecret,
  verifySecret,
} from './passwords.service.js';

describe('argon2 work is capped', () => {
  it(`runs at most ${HASHING_SLOTS} at once, queues ${HASHING_QUEUE}, and refuses the rest`, async () => {
    const flood = HASHING_SLOTS + HASHING_QUEUE + 5;
    const outcomes = Array.from({ length: flood }, (_, i) =>
      hashSecret(`secret-${i}`).then(
        (hash) => ({ ok: true as const, hash }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    );
    expect(hashingLoad()).toEqual({ running: HASHING_SLOTS, waiting: HASHING_QUEUE });
    const settled = await Promise.all(outcomes);
    const refused = settled.filter((o) => !o.ok);
    expect(refused).toHaveLength(5);
    for (const o of refused) {
      expect(o.error).toBeInstanceOf(TooMany);
      expect(o.error).toMatchObject({ message: HASHING_BUSY });
      expect(httpStatusOf(o.error)).toBe(429);
    }
    // Every slot is handed back: nothing runs or waits once the flood is done.
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
    const first = settled[0];
    if (!first?.ok) throw new Error('the first hash should have run');
    expect(await verifySecret(first.hash, 'secret-0')).toBe(true);
    expect(await verifySecret(first.hash, 'secret-1')).toBe(false);
  });
});
