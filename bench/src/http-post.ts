// The drop's and the launch's requests, sent the way a crowd of phones would: each on a
// connection kept open, with as little work in this process as Node allows. At a drop this one
// process sends hundreds of requests in the same instant; with fetch its event loop stalled
// up to 250 ms at a time there (a 50 ms timer's lateness), and the latencies counted the
// stalls as the shop's. With node:http no stall was over 30 ms.
import http from 'node:http';

/** One POST's answer; `endAt` on performance.now()'s clock; status 0: no response. */
export interface PostAnswer {
  status: number;
  ms: number;
  text: string;
  endAt: number;
}

const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000, maxSockets: Infinity });

/** POSTs `body` as JSON with the session cookie; never throws (status 0 and the error). */
export function post(
  baseUrl: string,
  path: string,
  cookie: string,
  body: unknown,
): Promise<PostAnswer> {
  const started = performance.now();
  const url = new URL(path, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const done = (status: number, text: string) => {
      const endAt = performance.now();
      resolve({ status, ms: endAt - started, text, endAt });
    };
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie,
        },
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (err) => done(0, String(err)));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', (err) => done(0, String(err)));
    req.end(payload);
  });
}
