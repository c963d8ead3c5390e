// A chunk that failed to load is asked for again by an address of its own (browsers keep the
// failure under the first one), once it loads it is kept, and a failure that names no address
// is retried as it was.
import { describe, expect, it, vi } from 'vitest';
import { failedImportUrl, retryingImport } from './retry-import';

const chromium = new TypeError(
  'Failed to fetch dynamically imported module: https://kitroom.in/assets/deferred-parts-CWfLJDKh.js',
);

describe('retryingImport', () => {
  it('asks again by a new address after a failure that names one, then keeps the module', async () => {
    const load = vi.fn().mockRejectedValueOnce(chromium);
    const again = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ part: 'loaded' });
    const later = retryingImport(load, again);
    await expect(later()).rejects.toBe(chromium);
    await expect(later()).rejects.toThrow('Failed to fetch');
    await expect(later()).resolves.toEqual({ part: 'loaded' });
    await expect(later()).resolves.toEqual({ part: 'loaded' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(again.mock.calls).toEqual([
      ['https://kitroom.in/assets/deferred-parts-CWfLJDKh.js?retry=1'],
      ['https://kitroom.in/assets/deferred-parts-CWfLJDKh.js?retry=2'],
    ]);
  });

  it('asks the same import again when the failure names no address (Safari)', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValue({ part: 'loaded' });
    const again = vi.fn();
    const later = retryingImport(load, again);
    await expect(later()).rejects.toThrow('Importing a module script failed.');
    await expect(later()).resolves.toEqual({ part: 'loaded' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(again).not.toHaveBeenCalled();
  });

  it('reads the address from Chromium’s and Firefox’s messages', () => {
    expect(failedImportUrl(chromium)).toBe('https://kitroom.in/assets/deferred-parts-CWfLJDKh.js');
    expect(
      failedImportUrl(
        new TypeError(
          'error loading dynamically imported module: http://127.0.0.1:3000/assets/cart-panel-Bx1.js',
        ),
      ),
    ).toBe('http://127.0.0.1:3000/assets/cart-panel-Bx1.js');
    expect(failedImportUrl(new Error('Importing a module script failed.'))).toBeNull();
  });
});
