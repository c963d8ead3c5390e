// The bench's own requests on node:http and keep-alive connections, with as little work in
// this process as Node allows: the open loop's cart adds, the drop's and the launch's orders.
// At a drop this one process sends hundreds of requests in the same instant; with fetch its
// event loop stalled up to 250 ms at a time there (a 50 ms timer's lateness), and the
// latencies counted the stalls as the shop's. With node:http no stall was over 30 ms.
import http from 'node:http';

export interface BenchRequest {
  method: 'POST' | 'GET';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** An answer and when it ended, on performance.now()'s clock; status 0: none (the error). */
export interface Sent {
  status: number;
  text: string;
  endAt: number;
}

/** Sends `r` to `baseUrl` on `agent`'s connections; never throws. */
export function send(
  baseUrl: string,
  r: BenchRequest,
  o: { agent: http.Agent; timeoutMs: number },
): Promise<Sent> {
  const url = new URL(r.path, baseUrl);
  return new Promise((resolve) => {
    const done = (status: number, text: string) =>
      resolve({ status, text, endAt: performance.now() });
    const req = http.request(
      {
        agent: o.agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: r.method,
        headers:
          r.body === undefined
            ? r.headers
            : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) },
        timeout: o.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (err) => done(0, String(err)));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${o.timeoutMs} ms`)));
    req.on('error', (err) => done(0, String(err)));
    req.end(r.body);
  });
}

/** One POST's answer with its latency. */
export interface PostAnswer extends Sent {
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000, maxSockets: Infinity });

/** POSTs `body` as JSON with the session cookie (the drop's and the launch's orders). */
export async function post(
  baseUrl: string,
  path: string,
  cookie: string,
  body: unknown,
): Promise<PostAnswer> {
  const started = performance.now();
  const sent = await send(
    baseUrl,
    {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    },
    { agent, timeoutMs: 60_000 },
  );
  return { ...sent, ms: sent.endAt - started };
}
