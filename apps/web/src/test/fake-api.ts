// A fake of the shop's API for component tests: answers by call path and records each body.
import { vi } from 'vitest';

export interface Answer {
  status: number;
  body: unknown;
}

/** An answer, or 'offline' for a request that never reaches the server. */
type Respond = (body: unknown) => Answer | 'offline';

export interface FakeApi {
  /** The bodies sent to each call ('login_verification.php'), in order. */
  calls: Record<string, unknown[]>;
  on(path: string, respond: Respond): void;
}

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const refuse = (status: number, error: string): Answer => ({ status, body: { error } });

export function fakeApi(): FakeApi {
  const handlers = new Map<string, Respond>();
  const calls: Record<string, unknown[]> = {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input).replace(/^\/api\//, '');
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    (calls[path] ??= []).push(body);
    const respond = handlers.get(path);
    if (!respond) throw new Error(`no fake answer for ${path}`);
    const answer = respond(body);
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, on: (path, respond) => void handlers.set(path, respond) };
}
