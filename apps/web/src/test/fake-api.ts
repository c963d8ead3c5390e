// A fake of the shop's API for component tests: responds by call path and records each body.
// Typed by the contract's endpoint table: a handler gets the call's request and must return
// its response (or an `{error}`), so a fake of the wrong shape fails the typecheck.
import {
  DEFAULT_SHIPPING_RATES,
  type ErrorResponse,
  type ShopDetailsResponse,
  type StorefrontCallPath,
  type StorefrontGetPath,
  type StorefrontRequest,
  type StorefrontResponse,
} from '@kitroom/contract';
import { vi } from 'vitest';

export interface FakeResponse<T = unknown> {
  status: number;
  body: T;
}

/** A call's path; a GET call's with its query string ('delivery_estimate.php?pincode=…'). */
type FakePath = StorefrontCallPath | `${StorefrontGetPath & StorefrontCallPath}?${string}`;
type CallOf<F extends FakePath> = F extends `${infer P extends StorefrontCallPath}?${string}`
  ? P
  : F;

/** A response, or 'offline' for a request that never reaches the server. */
type Respond<P extends StorefrontCallPath> = (
  body: StorefrontRequest<P>,
) => FakeResponse<StorefrontResponse<P> | ErrorResponse> | 'offline';

export interface FakeApi {
  /** The bodies sent to each call ('login_verification.php'), in order. */
  calls: Record<string, unknown[]>;
  on<F extends FakePath>(path: F, respond: Respond<CallOf<F>>): void;
}

export const ok = <T>(body: T): FakeResponse<T> => ({ status: 200, body });
export const refuse = (status: number, error: string): FakeResponse<ErrorResponse> => ({
  status,
  body: { error },
});

/**
 * The shop's details as a fresh shop has them: every page inlines them in the real app, so
 * every fake responds to them unless a test says otherwise.
 */
export const SHOP_DETAILS: ShopDetailsResponse = {
  legal_name: 'Kitroom Sportswear',
  address: '2nd Floor, Mavoor Road',
  city: 'Kozhikode',
  state: 'Kerala',
  pincode: '673004',
  phone: '+91 495 272 1100',
  email: 'support@kitroom.in',
  support_hours: 'Monday to Saturday, 10 AM to 8 PM',
  grievance_officer_name: '',
  grievance_officer_email: '',
  shipping: DEFAULT_SHIPPING_RATES,
};

export function fakeApi(): FakeApi {
  const handlers = new Map<string, (body: unknown) => FakeResponse | 'offline'>([
    ['shop_details.php', () => ok(SHOP_DETAILS)],
  ]);
  // The real app inlines these in every page, so no test counts them as calls until it
  // responds to them itself.
  const inlined = new Set(handlers.keys());
  const calls: Record<string, unknown[]> = {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input).replace(/^\/api\//, '');
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (!inlined.has(path)) (calls[path] ??= []).push(body);
    const respond = handlers.get(path);
    if (!respond) throw new Error(`no fake response for ${path}`);
    const response = respond(body);
    if (response === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(response.body), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    on: (path, respond) => {
      inlined.delete(path);
      handlers.set(path, (body) => respond(body as Parameters<typeof respond>[0]));
    },
  };
}
