// A server process reached over HTTP with the shape of Fastify's `inject`, so the checker's
// shoppers and staff can act through a second server process (the soak, issue 38) exactly as
// they act through the test's own app. The caller's address goes as X-Forwarded-For, which
// that process trusts from loopback (TRUST_PROXY), as it would nginx's.
import type { LightMyRequestResponse } from 'fastify';

export interface InjectRequest {
  method: string;
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** What the checker needs of an app: the test's own (Fastify's inject) or one over HTTP. */
export interface Injector {
  inject(request: InjectRequest): Promise<LightMyRequestResponse>;
}

interface Cookie {
  name: string;
  value: string;
  maxAge?: number;
}

/** A Set-Cookie header's name, value and Max-Age (all the checker's clients read). */
function parseSetCookie(header: string): Cookie {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  const cookie: Cookie = {
    name: pair.slice(0, eq).trim(),
    value: decodeURIComponent(pair.slice(eq + 1).trim()),
  };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    if (key.trim().toLowerCase() === 'max-age') cookie.maxAge = Number(value.trim());
  }
  return cookie;
}

/** An Injector whose requests go over HTTP to `baseUrl` (redirects are not followed). */
export function httpInjector(baseUrl: string): Injector {
  return {
    async inject({ method, url, payload, headers = {}, remoteAddress }) {
      const body =
        payload === undefined
          ? undefined
          : typeof payload === 'string'
            ? payload
            : JSON.stringify(payload);
      const res = await fetch(new URL(url, baseUrl), {
        method,
        redirect: 'manual',
        headers: {
          ...(typeof payload === 'object' ? { 'content-type': 'application/json' } : {}),
          ...(remoteAddress ? { 'x-forwarded-for': remoteAddress } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { body }),
      });
      const text = await res.text();
      const responseHeaders: Record<string, string> = {};
      res.headers.forEach((value, key) => {
        responseHeaders[key] = value;
      });
      const response = {
        statusCode: res.status,
        statusMessage: res.statusText,
        headers: responseHeaders,
        body: text,
        payload: text,
        rawPayload: Buffer.from(text),
        cookies: res.headers.getSetCookie().map(parseSetCookie),
        json: () => JSON.parse(text) as unknown,
      };
      // The fields the checker reads; the rest of light-my-request's response is not used.
      return response as unknown as LightMyRequestResponse;
    },
  };
}
