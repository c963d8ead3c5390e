import { describe, expect, it } from 'vitest';
import { emailKey } from './back-in-stock.js';

describe('emailKey', () => {
  it('counts the variants of one inbox as one address', () => {
    expect(emailKey(' Asha+Jerseys@Example.com ')).toBe('asha@example.com');
    expect(emailKey('asha+a+b@example.com')).toBe('asha@example.com');
    expect(emailKey('A.sha.M+x@GMail.com')).toBe('asham@gmail.com');
    expect(emailKey('a.sha@googlemail.com')).toBe('asha@gmail.com');
  });

  it('keeps the dots of other domains and a local part that is all tag', () => {
    expect(emailKey('a.sha@example.com')).toBe('a.sha@example.com');
    expect(emailKey('+tag@example.com')).toBe('+tag@example.com');
    expect(emailKey('no-at-sign')).toBe('no-at-sign');
  });
});
