// A fake of the shop's API for component tests: answers by call path and records each body.
// Typed by the contract's endpoint table: a handler gets the call's request and must answer
// its response (or an `{error}`), so a fake of the wrong shape fails the typecheck.
import type {
  ErrorResponse,
  StorefrontCallPath,
  StorefrontGetPath,
  StorefrontRequest,
  StorefrontResponse,
} from '@kitroom/contract';
import { vi } from 'vitest';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** A call's path; a GET call's with its query string ('delivery_estimate.php?pincode=…'). */
type FakePath = StorefrontCallPath | `${StorefrontGetPath & StorefrontCallPath}?${string}`;
type CallOf<F extends FakePath> = F extends `${infer P extends StorefrontCallPath}?${string}`
  ? P
  : F;

/** An answer, or 'offline' for a request that never reaches the server. */
type Respond<P extends StorefrontCallPath> = (
  body: StorefrontRequest<P>,
) => Answer<StorefrontResponse<P> | ErrorResponse> | 'offline';

export interface FakeApi {
  /** The bodies sent to each call ('login_verification.php'), in order. */
  calls: Record<string, unknown[]>;
  on<F extends FakePath>(path: F, respond: Respond<CallOf<F>>): void;
}

export const ok = <T>(body: T): Answer<T> => ({ status: 200, body });
export const refuse = (status: number, error: string): Answer<ErrorResponse> => ({
  status,
  body: { error },
});

export function fakeApi(): FakeApi {
  const handlers = new Map<string, (body: unknown) => Answer | 'offline'>();
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
  return {
    calls,
    on: (path, respond) =>
      void handlers.set(path, (body) => respond(body as Parameters<typeof respond>[0])),
  };
}
