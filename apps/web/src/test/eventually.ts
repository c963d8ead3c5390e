// Waiting for the page to catch up. The test machines are small and shared, so waits allow
// 5 seconds instead of 1 (a failure still fails, only later).
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

export const WAIT_MS = 5000;

configure({ asyncUtilTimeout: WAIT_MS });

/** vi.waitFor with the longer limit (it also advances fake timers while it waits). */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: WAIT_MS, interval: 20 });
}
