// A client for API tests that behaves like a browser tab: it keeps the `access` cookie the
// server sets (and drops it when the server clears it) and calls from its own IP address.
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../accounts/sessions.service.js';
import type { App } from '../app.js';

let lastIp = 0;

/** A different client IP on every call (10.x.y.z), so per-IP limits of tests do not mix. */
export function nextIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

export interface TestBrowser {
  readonly ip: string;
  /** The session cookie's value, when the server has set one. */
  cookie: string | undefined;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export function testBrowser(app: App, ip = nextIp()): TestBrowser {
  const browser: TestBrowser = {
    ip,
    cookie: undefined,
    async post(url, payload) {
      const res = await app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: browser.cookie ? { cookie: `${SESSION_COOKIE}=${browser.cookie}` } : {},
        ...(payload === undefined ? {} : { payload }),
      });
      const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
      if (set) {
        const cleared =
          set.value === '' ||
          set.maxAge === 0 ||
          (set.expires !== undefined && set.expires.getTime() <= Date.now());
        browser.cookie = cleared ? undefined : set.value;
      }
      return res;
    },
  };
  return browser;
}
