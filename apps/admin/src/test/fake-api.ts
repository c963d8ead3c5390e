// A stand-in for the shop's server in component tests: responds by 'METHOD /path' (the query
// string apart) and records every call the app made, with its body.
import { vi } from 'vitest';

export interface FakeResponse {
  status?: number;
  body: unknown;
}

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = FakeResponse | ((sent: Sent) => FakeResponse);

export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Sent[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const sent: Sent = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init?.credentials,
    };
    calls.push(sent);
    const handler = handlers[`${sent.method} ${sent.path}`];
    if (!handler) throw new Error(`no fake response for ${sent.method} ${sent.path}`);
    const response = typeof handler === 'function' ? handler(sent) : handler;
    return new Response(JSON.stringify(response.body), {
      status: response.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, handlers };
}
