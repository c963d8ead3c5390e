// Two server processes on one PostgreSQL behind nginx, configured by docs/deploy/nginx.conf
// itself: what one process does, the other sees at once. nginx's access log names the process
// that served each request (by its request id), so each step shows both processes at work.
// PostgreSQL only: PGlite is an embedded database that one process opens, so there is no
// second process to put behind nginx (the suite on PGlite skips this file).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/index.js';
import { orderBody } from './test/checkout.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './test/database.js';
import { createProduct, createUser } from './test/factories.js';
import { createOrder } from './test/order-factories.js';
import { startSmtpCatcher, type SmtpCatcher } from './test/smtp.js';
import { provideDemoImages } from './test/demo-images.js';
import { built, freePort } from './test/server-process.js';
import { createStaff } from './test/staff.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '../../..');
const siteConfig = path.join(repositoryRoot, 'docs/deploy/nginx.conf');
const webDir = path.join(repositoryRoot, 'apps/web');
const nginxBinary = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

const PASSWORD = 'correct horse battery';
const METRICS_TOKEN = 'metrics-token-for-this-test';
/** Unpaid orders whose hold ran out before the processes started, one M each. */
const EXPIRED = 20;

async function until<T>(what: string, check: () => T | undefined, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Server {
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number, env: Record<string, string>): Server {
  const { DATABASE_URL: _url, TEST_DATABASE: _kind, NODE_ENV: _env, ...inherited } = process.env;
  const child = spawn(process.execPath, [built('main.js')], {
    env: { ...inherited, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { port, child, output: () => text, exited };
}

/** The documented site, with these processes in its upstream and nginx on `port`. */
function siteFor(port: number, upstreams: number[]): string {
  const site = readFileSync(siteConfig, 'utf8');
  const servers = upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`);
  const replaced = site
    .replace(
      /^(\s*)server 127\.0\.0\.1:3001 .*\n(\s*server 127\.0\.0\.1:\d+ .*\n)*/m,
      (_m, indent) => servers.map((s) => `${indent}${s}\n`).join(''),
    )
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
  if (!replaced.includes(`127.0.0.1:${upstreams[1]}`) || !replaced.includes(`:${port};`)) {
    throw new Error('docs/deploy/nginx.conf no longer has the upstream or listen lines expected');
  }
  return replaced;
}

/** A whole nginx.conf for a user without root: every file under `dir`. */
function nginxConfig(dir: string, site: string): string {
  const user = os.userInfo().username;
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? `user ${user};` : ''}
events { worker_connections 256; }
http {
  log_format served '$http_x_request_id $upstream_addr $status';
  access_log ${dir}/access.log served;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

describe.runIf(testDatabaseKind() === 'postgres')('two server processes behind nginx', () => {
  let t: TestDatabase;
  let smtp: SmtpCatcher;
  let dir: string;
  let base: string;
  let servers: Server[] = [];
  let nginx: ChildProcess | undefined;
  let jersey: number;
  let shopperEmail: string;
  let staffCookie: string;
  /** The shopper's session (made in the first step), as a Cookie header. */
  let shopper: { id: number; cookie: string } | undefined;

  beforeAll(async () => {
    // The product page is rendered by the web app's build (made here when missing).
    if (!existsSync(path.join(webDir, 'dist-server/entry-server.js'))) {
      const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
        cwd: repositoryRoot,
        stdio: 'ignore',
      });
      if (build.status !== 0) throw new Error('the web app did not build');
    }
    t = await createTestDatabase();
    smtp = await startSmtpCatcher();
    dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-nginx-'));
    mkdirSync(path.join(dir, 'data'));
    // Each start makes the demo pictures that are missing: copied from the tests' cache.
    await provideDemoImages(path.join(dir, 'data'));

    jersey = await createProduct(t.db, {
      name: 'Drop Night Home Jersey',
      pricePaise: 199_900,
      discountPricePaise: 149_900,
      sizes: { M: 10 },
    });
    shopperEmail = (await createUser(t.db, { password: PASSWORD })).email;
    staffCookie = (await createStaff(t.db, 'manager')).cookie;
    // Stock 30 of M, 20 held by unpaid orders whose hold has run out.
    const holder = await createUser(t.db);
    for (let i = 0; i < EXPIRED; i++) {
      await createOrder(t.db, {
        userId: holder.id,
        items: [{ productId: jersey, size: 'M', quantity: 1 }],
      });
    }
    await t.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE user_id = ${holder.id}`,
    );

    const nginxPort = await freePort();
    const ports = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${nginxPort}`;
    const env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: t.url!,
      DATA_DIR: path.join(dir, 'data'),
      PUBLIC_URL: base,
      TRUST_PROXY: '127.0.0.1',
      SESSION_SECRET: 'a-session-secret-for-two-processes-behind-nginx',
      PAYMENT_PROVIDER: 'sandbox',
      DEMO_PAYMENTS_IN_PRODUCTION: 'true',
      SMTP_URL: smtp.url,
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      BACKUP_TIME: 'off',
      RATE_LIMIT_LOGIN_PER_EMAIL: '3',
      RATE_LIMIT_LOGIN_PER_IP: '8',
    };
    // Both at once: their first order sweeps meet the same expired orders.
    servers = ports.map((port) => startServer(port, env));
    for (const s of servers) {
      await until(
        `process on ${s.port} serving`,
        () => (/Kitroom is running at/.test(s.output()) ? true : undefined),
        120_000,
      );
    }
    writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, siteFor(nginxPort, ports)));
    nginx = spawn(
      nginxBinary,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
      {
        stdio: 'ignore',
      },
    );
    let nginxExit: number | null | undefined;
    nginx.on('exit', (code) => (nginxExit = code));
    await until(
      'nginx listening',
      () => {
        if (nginxExit !== undefined) {
          const file = path.join(dir, 'error.log');
          const log = existsSync(file) ? readFileSync(file, 'utf8').trim() : 'no error log';
          throw new Error(`nginx ended with ${nginxExit} before listening: ${log}`);
        }
        return existsSync(path.join(dir, 'nginx.pid')) ? true : undefined;
      },
      10_000,
    );
  }, 300_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await smtp?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** The errors both processes logged (a page sent as the bare shell says why there). */
  function loggedErrors(): string {
    const errors = servers.flatMap((s) =>
      s
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line)),
    );
    return errors.length > 0 ? errors.join('\n') : 'no error logged by either process';
  }

  /** Which process served the request with this id (its port), from nginx's log. */
  async function servedBy(requestId: string): Promise<number> {
    return until(
      `nginx's log line for ${requestId}`,
      () => {
        const line = readFileSync(path.join(dir, 'access.log'), 'utf8')
          .split('\n')
          .find((l) => l.startsWith(`${requestId} `));
        return line ? Number(line.split(' ')[1]!.split(':')[1]) : undefined;
      },
      5_000,
    );
  }

  interface Served {
    status: number;
    body: string;
    json: () => unknown;
    headers: Headers;
    /** The port of the process that served it. */
    by: number;
  }

  async function send(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    o: { body?: object | string; headers?: Record<string, string> } = {},
  ): Promise<Served> {
    const requestId = randomUUID();
    const headers: Record<string, string> = { 'x-request-id': requestId, ...o.headers };
    let body: string | undefined;
    if (typeof o.body === 'string') body = o.body;
    else if (o.body) {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(new URL(url, base), { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    return {
      status: res.status,
      body: text,
      json: () => JSON.parse(text) as unknown,
      headers: res.headers,
      by: await servedBy(requestId),
    };
  }

  const post = (url: string, body: object, headers: Record<string, string> = {}) =>
    send('POST', url, { body, headers });

  /** product.php's product, as the storefront reads it. */
  const productOf = (res: Served) =>
    (res.json() as [{ product: { discount_price: number; size: Record<string, number> } }])[0]
      .product;

  it('keeps a session made on one process for the other', async () => {
    const login = await post('/api/login_verification.php', {
      email: shopperEmail,
      password: PASSWORD,
    });
    expect(login.status, login.body).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('access='))!;
    const { session_id: handle, user_id: userId } = login.json() as {
      session_id: string;
      user_id: number;
    };
    const checks = [];
    for (let i = 0; i < 2; i++) {
      checks.push(
        await post(
          '/api/check_session.php',
          { session_id: handle },
          { cookie: cookie.split(';')[0]! },
        ),
      );
    }
    expect(checks.map((c) => [c.status, (c.json() as { user_id: number }).user_id])).toEqual([
      [200, userId],
      [200, userId],
    ]);
    expect(checks.some((c) => c.by !== login.by)).toBe(true);
    shopper = { id: userId, cookie: cookie.split(';')[0]! };
  });

  it('counts rate limits across both processes, by the address nginx saw', async () => {
    const email = `guesser-${randomUUID()}@example.com`;
    await createUser(t.db, { email, password: PASSWORD });
    const guesses: Served[] = [];
    for (let i = 0; i < 4; i++) {
      guesses.push(await post('/api/login_verification.php', { email, password: `wrong ${i}` }));
    }
    expect(guesses.map((g) => g.status)).toEqual([401, 401, 401, 429]);
    expect(new Set(guesses.map((g) => g.by)).size).toBe(2);
    expect((guesses[3]!.json() as { error: string }).error).toMatch(/^Too many login attempts\./);

    // 8 per address: the login and these 4 made 5. A forged X-Forwarded-For does not give a
    // new address: nginx replaces it with the one it saw.
    const forged: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(
        '/api/login_verification.php',
        { email: `nobody-${i}@example.com`, password: 'whatever it is' },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      forged.push(res.status);
    }
    expect(forged).toEqual([401, 401, 401, 429]);
  });

  it('gives the stock of expired unpaid orders back once, though both processes swept', async () => {
    const product = await post('/api/product.php', { product_id: jersey });
    expect(product.status).toBe(200);
    expect(productOf(product).size).toEqual({ M: 30 });
    const [released] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM stock_ledger
          WHERE product_id = ${jersey} AND reason = 'release'`,
    );
    expect(released!.n).toBe(EXPIRED);
    // Each process counts its own runs (metrics are per process): both swept.
    for (const s of servers) {
      const metrics = await fetch(`http://127.0.0.1:${s.port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(await metrics.text()).toMatch(/kitroom_sweep_runs_total\{sweep="orders"\} [1-9]/);
    }
  });

  it('sends one mail per paid order, whichever process paid it and both outbox workers', async () => {
    const { id: userId, cookie } = shopper!;
    const orders: number[] = [];
    const by = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const placed = await post(
        '/api/process_order.php',
        orderBody(userId, [{ product_id: jersey, size: 'M', quantity: 1 }], 1559),
        { cookie },
      );
      expect(placed.status, placed.body).toBe(200);
      const { order_id: orderId, payment_url: paymentUrl } = placed.json() as {
        order_id: number;
        payment_url: string;
      };
      const paid = await send('POST', paymentUrl, {
        body: 'result=paid',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const back = await send('GET', paid.headers.get('location')!);
      expect(back.status, back.body).toBe(302);
      orders.push(orderId);
      by.add(placed.by).add(paid.by);
    }
    expect(by.size).toBe(2);
    const confirmed = () =>
      smtp.mails.filter((m) => m.to.includes(shopperEmail) && /is confirmed$/.test(m.subject));
    await until(
      'the four confirmations',
      () => (confirmed().length >= orders.length ? true : undefined),
      20_000,
    );
    // Both workers poll every second: a few more rounds, and still one mail per order.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(
      confirmed()
        .map((m) => m.subject)
        .sort(),
    ).toEqual(orders.map((id) => `Kitroom order #${id} is confirmed`).sort());
  });

  it('shows a price changed in the back office at once, through either process', async () => {
    const page = `/product/${jersey}`;
    const look = async () => {
      const responses = [
        await post('/api/product.php', { product_id: jersey }),
        await post('/api/product.php', { product_id: jersey }),
      ];
      const pages = [await send('GET', page), await send('GET', page)];
      expect(new Set(responses.map((a) => a.by)).size).toBe(2);
      expect(new Set(pages.map((p) => p.by)).size).toBe(2);
      return { responses, pages };
    };
    // Both processes have kept the response and the page.
    const before = await look();
    expect(before.responses.map((a) => productOf(a).discount_price)).toEqual([1499, 1499]);
    for (const p of before.pages) expect(p.body, loggedErrors()).toContain('₹1,499');

    const origin = new URL(base).origin;
    const changed = await send('PATCH', `/api/admin/products/${jersey}`, {
      body: { discount_price_paise: 129_900 },
      headers: { origin, cookie: staffCookie },
    });
    expect(changed.status, changed.body).toBe(200);

    const after = await look();
    expect(after.responses.map((a) => productOf(a).discount_price)).toEqual([1299, 1299]);
    for (const p of after.pages) {
      expect(p.body, loggedErrors()).toContain('₹1,299');
      expect(p.body).not.toContain('₹1,499');
    }
  });

  it('mails each shopper waiting for a sold-out size once, though both processes raised its stock at once', async () => {
    const awayKit = await createProduct(t.db, {
      name: 'Drop Night Away Jersey',
      pricePaise: 179_900,
      sizes: { M: 0, L: 4 },
    });
    const origin = new URL(base).origin;
    const waiting = Array.from({ length: 6 }, (_, i) => `waiting-${i}-${randomUUID()}@example.com`);
    const mailsTo = (email: string) =>
      smtp.mails.filter(
        (m) =>
          m.to.includes(email) && m.subject === 'Kitroom: Drop Night Away Jersey is back in size M',
      ).length;
    /** A guest's sign-up and its confirmation by the mailed link: both responses. */
    const signUp = async (email: string) => {
      const asked = await post('/api/back_in_stock.php', { product_id: awayKit, size: 'M', email });
      const [mail] = await queryRows<{ data: { confirm_url: string } }>(
        t.db,
        sql`SELECT data FROM outbox WHERE template = 'back-in-stock-confirm'
              AND recipient = ${email} ORDER BY id DESC LIMIT 1`,
      );
      const link = new URL(mail!.data.confirm_url);
      const confirmed = await post('/api/back_in_stock_confirm.php', {
        request_id: Number(link.pathname.split('/')[2]),
        token: link.searchParams.get('token'),
      });
      expect(confirmed.status, confirmed.body).toBe(200);
      return [asked, confirmed];
    };
    const restock = (delta: number) =>
      post(
        `/api/admin/products/${awayKit}/stock`,
        { size: 'M', delta, reason: 'restock' },
        { origin, cookie: staffCookie },
      );
    /** Sends these at once; nginx takes turns, so each process serves one. */
    const atOnce = async (requests: Promise<Served>[]) => {
      const responses = await Promise.all(requests);
      for (const a of responses) expect(a.status, a.body).toBe(200);
      expect(new Set(responses.map((a) => a.by)).size).toBe(2);
    };
    const stockOfM = async () =>
      (
        await queryRows<{ stock: number }>(
          t.db,
          sql`SELECT stock FROM product_sizes WHERE product_id = ${awayKit} AND size = 'M'`,
        )
      )[0]!.stock;

    // Round one: six shoppers sign up through either process; two restocks at once, one each.
    const signUps = [];
    for (const email of waiting) signUps.push(...(await signUp(email)));
    expect(signUps.map((s) => s.status)).toEqual(signUps.map(() => 200));
    expect(new Set(signUps.map((s) => s.by)).size).toBe(2);
    await atOnce([restock(3), restock(2)]);
    expect(await stockOfM()).toBe(5);
    await until(
      'a back-in-stock mail for each waiting shopper',
      () => (waiting.every((e) => mailsTo(e) >= 1) ? true : undefined),
      20_000,
    );
    // Both workers poll every second: a few more rounds, and still one mail each.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(waiting.map(mailsTo)).toEqual(waiting.map(() => 1));
    const mail = smtp.mails.find(
      (m) => m.to.includes(waiting[0]!) && m.subject.endsWith('is back in size M'),
    )!;
    expect(mail.text).toContain(`${base}/product/${awayKit}?size=M`);

    // Round two: sold out, with 2 held by an unpaid order. Two of them ask again (a notified
    // request is used up); a restock and staff canceling that order, at once through the two
    // processes, mail those two once more and nobody else.
    await t.db.execute(
      sql`UPDATE product_sizes SET stock = 0 WHERE product_id = ${awayKit} AND size = 'M'`,
    );
    const holder = await createUser(t.db);
    const unpaid = await createOrder(t.db, {
      userId: holder.id,
      items: [{ productId: awayKit, size: 'M', quantity: 2 }],
    });
    await t.db.execute(
      sql`UPDATE orders SET reserved_until = now() + interval '30 minutes' WHERE id = ${unpaid.id}`,
    );
    for (const email of waiting.slice(0, 2)) {
      const [again] = await signUp(email);
      expect(again!.status, again!.body).toBe(200);
    }
    await atOnce([
      restock(3),
      send('POST', `/api/admin/orders/${unpaid.id}/cancel`, {
        body: { reason: 'Shopper asked by phone' },
        headers: { origin, cookie: staffCookie },
      }),
    ]);
    expect(await stockOfM()).toBe(5);
    await until(
      'the second mails',
      () => (waiting.slice(0, 2).every((e) => mailsTo(e) >= 2) ? true : undefined),
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(waiting.map(mailsTo)).toEqual([2, 2, 1, 1, 1, 1]);
  });
});
