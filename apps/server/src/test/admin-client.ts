// A back-office tab for API tests: sends the shop's Origin, keeps the `staff` cookie the
// server sets (and drops it when cleared), and calls from its own IP address.
import type { LightMyRequestResponse } from 'fastify';
import { STAFF_COOKIE } from '../staff/staff-sessions.service.js';
import { nextIp } from './browser.js';
import type { Injector } from './http-injector.js';

export interface AdminClient {
  cookie: string | undefined;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object | string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export function adminClient(app: Injector, origin: string, cookie?: string): AdminClient {
  const ip = nextIp();
  const client: AdminClient = {
    cookie: cookie?.replace(`${STAFF_COOKIE}=`, ''),
    async call(method, url, payload, headers = {}) {
      const res = await app.inject({
        method,
        url,
        remoteAddress: ip,
        headers: {
          origin,
          ...(client.cookie ? { cookie: `${STAFF_COOKIE}=${client.cookie}` } : {}),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload }),
      });
      const set = res.cookies.find((c) => c.name === STAFF_COOKIE);
      if (set) client.cookie = set.value === '' || set.maxAge === 0 ? undefined : set.value;
      return res;
    },
  };
  return client;
}
