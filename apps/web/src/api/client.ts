// The one HTTP client of the storefront: `call(path, input)` over the contract's endpoint
// table (storefrontEndpoints), which types what each call sends and returns (the server
// validates both sides against the same schemas), so no API type is written here twice.
// Same-origin fetch sends the `access` session cookie itself.
import type {
  PageCallRequest,
  PageCallResponse,
  StorefrontCallPath,
  StorefrontEndpoints,
  StorefrontGetPath,
  StorefrontRequest,
  StorefrontResponse,
} from '@kitroom/contract';
import { takeInitialData, type InitialData } from './initial-data';

/** A call that responded with an error status; `message` is the server's `{error}` text. */
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
  /**
   * The call is the visitor's own (their session check): a server render sends it with their
   * cookie and keeps the page theirs alone. The browser always sends the cookie.
   */
  visitor?: boolean;
}

function errorText(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return undefined;
}

/** The key under which the server inlines a call's first response into the page. */
export function callKey(path: string, body: unknown): string {
  return `${path} ${JSON.stringify(body ?? null)}`;
}

/**
 * Sends one call and gives back its status and body text: in the browser, fetch; on the
 * server, the server's in-process API (entry-server.tsx), so a page's loaders make the same
 * calls there as here.
 */
export type Send = (request: PageCallRequest, signal?: AbortSignal) => Promise<PageCallResponse>;

const fetchSend: Send = async ({ method, path, body }, signal) => {
  const response = await fetch(`/api/${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body,
    credentials: 'same-origin',
    signal,
  });
  return { status: response.status, body: await response.text() };
};

/** The response's JSON, or an ApiError with the server's text for an error status. */
function responseOf({ status, body }: PageCallResponse): unknown {
  let parsed: unknown = undefined;
  if (body !== '') {
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new ApiError(status, `Unexpected response from the server (${status})`);
    }
  }
  if (status < 200 || status >= 300) {
    throw new ApiError(status, errorText(parsed) ?? `Request failed (${status})`);
  }
  return parsed;
}

/**
 * The calls made with GET, their input sent as the query string. The table itself stays out
 * of the bundle (only its types are used here); the compiler checks this list against it.
 */
const GET_CALLS = [
  'home.php',
  'profiles.php',
  'shop_details.php',
  'delivery_estimate.php',
] as const satisfies readonly StorefrontGetPath[];
type Expect<T extends never> = T;
/** Fails to compile when the table has a GET call that GET_CALLS lacks. */
export type EveryGetCallListed = Expect<
  Exclude<StorefrontGetPath & StorefrontCallPath, (typeof GET_CALLS)[number]>
>;
const getCalls: ReadonlySet<string> = new Set(GET_CALLS);

/** The calls whose response depends on the body's shape (the table's forms). */
type FormPath = {
  [P in StorefrontCallPath]: StorefrontEndpoints[P] extends { forms: unknown } ? P : never;
}[StorefrontCallPath];

type CallArgs<P extends StorefrontCallPath> =
  undefined extends StorefrontRequest<P>
    ? [input?: StorefrontRequest<P>, options?: CallOptions]
    : [input: StorefrontRequest<P>, options?: CallOptions];

/** A GET call's URL path with its input as the query string (undefined values left out). */
function withQuery(path: string, input: unknown): string {
  if (!input || typeof input !== 'object') return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The key of a call's response inlined into the page (see callKey). */
export function inlinedKey(path: StorefrontCallPath, input: unknown): string {
  return getCalls.has(path) ? callKey(withQuery(path, input), undefined) : callKey(path, input);
}

/**
 * Makes a storefront call: `call('cart_manage.php', body)`. The response the server inlined into
 * the page for the same call is used first, once; an error status throws an ApiError with the
 * server's text; `options.signal` aborts it. For a call whose response depends on the body's
 * shape (shop.php, orders.php), the response's type is the one for that shape.
 */
export function call<P extends FormPath, B extends StorefrontRequest<P>>(
  path: P,
  input: B,
  options?: CallOptions,
): Promise<StorefrontResponse<P, B>>;
export function call<P extends StorefrontCallPath>(
  path: P,
  ...args: CallArgs<P>
): Promise<StorefrontResponse<P>>;
export function call(
  path: StorefrontCallPath,
  input?: unknown,
  options: CallOptions = {},
): Promise<unknown> {
  // The response the server inlined into the page for this call, once.
  const inlined = takeInitialData<unknown>(inlinedKey(path, input));
  if (inlined !== undefined) return Promise.resolve(inlined);
  return sendCall(fetchSend, path, input, options);
}

function sendCall(
  send: Send,
  path: StorefrontCallPath,
  input: unknown,
  options: CallOptions,
): Promise<unknown> {
  const request: PageCallRequest = getCalls.has(path)
    ? { method: 'GET', path: withQuery(path, input) }
    : { method: 'POST', path, ...(input === undefined ? {} : { body: JSON.stringify(input) }) };
  // Only a server render tells the visitor's own calls apart (the browser sends its cookie).
  if (import.meta.env.SSR && options.visitor) request.visitor = true;
  return send(request, options.signal).then(responseOf);
}

/** A `call` over another way of sending (the server's, for a page it loads). */
export function callerOver(send: Send): typeof call {
  return ((path: StorefrontCallPath, input?: unknown, options: CallOptions = {}) =>
    sendCall(send, path, input, options)) as typeof call;
}

/** The server's error text when there is one, else the spec's default for this call. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** True for an aborted fetch: a newer request replaced this one. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Reads a call's inlined response from a page's initial data (not used up). */
export type InlinedResponse<Res> = (data: InitialData) => Res | undefined;

/** The response the server inlined into the page for this call, if any. */
export function inlinedResponse<P extends FormPath, B extends StorefrontRequest<P>>(
  path: P,
  input: B,
): InlinedResponse<StorefrontResponse<P, B>>;
export function inlinedResponse<P extends StorefrontCallPath>(
  path: P,
  ...args: undefined extends StorefrontRequest<P>
    ? [input?: StorefrontRequest<P>]
    : [input: StorefrontRequest<P>]
): InlinedResponse<StorefrontResponse<P>>;
export function inlinedResponse(
  path: StorefrontCallPath,
  input?: unknown,
): InlinedResponse<unknown> {
  const key = inlinedKey(path, input);
  return (data) => data.peek(key);
}
