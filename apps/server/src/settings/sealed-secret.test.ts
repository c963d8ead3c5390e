// Sealed secrets (decision 069): what one key seals, only that key opens, and a changed byte
// opens nothing; the same secret sealed twice reads differently.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed-secret.js';

describe('a sealed secret', () => {
  const key = randomBytes(32);
  const secret = Buffer.from('the .pfx and its password');

  it('opens with its key', () => {
    const sealed = seal(key, secret);
    expect(sealed).toMatch(/^v1\.[^.]+\.[^.]+\.[^.]+$/);
    expect(sealed).not.toContain(secret.toString('base64'));
    expect(unseal(key, sealed)).toEqual(secret);
    expect(seal(key, secret)).not.toBe(sealed);
  });

  it('opens with no other key, and not once changed', () => {
    const sealed = seal(key, secret);
    expect(unseal(randomBytes(32), sealed)).toBeNull();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(unseal(key, [version, iv, tag, flipped.toString('base64')].join('.'))).toBeNull();
    expect(unseal(key, 'not sealed')).toBeNull();
  });
});
