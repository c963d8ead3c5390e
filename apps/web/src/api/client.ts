// The one HTTP client of the storefront. Request and response types come from
// @kitroom/contract (the server validates both sides against the same schemas), so no API
// type is written here twice. Same-origin fetch sends the `access` session cookie itself.
import { takeInitialData, type InitialData } from './initial-data';

/** A call that answered with an error status; `message` is the server's `{error}` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
}

function errorText(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return undefined;
}

/** The key under which the server inlines a call's first answer into the page. */
export function callKey(path: string, body: unknown): string {
  return `${path} ${JSON.stringify(body ?? null)}`;
}

async function request<Res>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: CallOptions,
): Promise<Res> {
  const inlined = takeInitialData<Res>(callKey(path, body));
  if (inlined !== undefined) return inlined;
  const response = await fetch(`/api/${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, `Unexpected answer from the server (${response.status})`);
    }
  }
  if (!response.ok) {
    throw new ApiError(response.status, errorText(parsed) ?? `Request failed (${response.status})`);
  }
  return parsed as Res;
}

export function get<Res>(path: string, options: CallOptions = {}): Promise<Res> {
  return request<Res>('GET', path, undefined, options);
}

export function post<Res>(path: string, body?: unknown, options: CallOptions = {}): Promise<Res> {
  return request<Res>('POST', path, body, options);
}

/** The server's error text when there is one, else the spec's default for this call. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** True for an aborted fetch: a newer request replaced this one. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Reads a call's inlined answer from a page's initial data (not used up). */
export type InlinedAnswer<Res> = (data: InitialData) => Res | undefined;

/** The answer the server inlined into the page for this call, if any. */
export function inlinedAnswer<Res>(path: string, body?: unknown): InlinedAnswer<Res> {
  const key = callKey(path, body);
  return (data) => data.peek<Res>(key);
}
