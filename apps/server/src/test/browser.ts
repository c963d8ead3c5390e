// A client for API tests that behaves like a browser tab: it keeps the cookies the server
// sets (and drops those the server clears) and calls from its own IP address.
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
  /** Every cookie the tab holds, by name (the session cookie too). */
  readonly cookies: Map<string, string>;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export function testBrowser(app: App, ip = nextIp()): TestBrowser {
  const cookies = new Map<string, string>();
  const browser: TestBrowser = {
    ip,
    cookies,
    get cookie() {
      return cookies.get(SESSION_COOKIE);
    },
    set cookie(value) {
      if (value === undefined) cookies.delete(SESSION_COOKIE);
      else cookies.set(SESSION_COOKIE, value);
    },
    async post(url, payload) {
      const header = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const res = await app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: header ? { cookie: header } : {},
        ...(payload === undefined ? {} : { payload }),
      });
      for (const set of res.cookies) {
        const cleared =
          set.value === '' ||
          set.maxAge === 0 ||
          (set.expires !== undefined && set.expires.getTime() <= Date.now());
        if (cleared) cookies.delete(set.name);
        else cookies.set(set.name, set.value);
      }
      return res;
    },
  };
  return browser;
}
