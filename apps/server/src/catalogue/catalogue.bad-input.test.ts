// Every malformed body gets a 4xx {error} that names the problem — never a 500 or a stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createProduct(t.db, { name: 'Liverpool Home Jersey', team: 'Liverpool' });
});
afterAll(() => t?.close());

const huge = 'x'.repeat(100_000);

interface Case {
  url: string;
  body: string;
  status: number;
  error: RegExp;
}

const json = (value: unknown) => JSON.stringify(value);

const cases: Case[] = [
  // product.php
  { url: '/api/product.php', body: json({}), status: 400, error: /product_id/ },
  { url: '/api/product.php', body: json({ product_id: 'abc' }), status: 400, error: /product_id/ },
  { url: '/api/product.php', body: json({ product_id: -1 }), status: 400, error: /product_id/ },
  { url: '/api/product.php', body: json({ product_id: 1.5 }), status: 400, error: /product_id/ },
  { url: '/api/product.php', body: json({ product_id: 1e12 }), status: 400, error: /product_id/ },
  { url: '/api/product.php', body: json({ product_id: huge }), status: 400, error: /product_id/ },
  {
    url: '/api/product.php',
    body: json({ product_id: 424242 }),
    status: 404,
    error: /^Product not found$/,
  },
  { url: '/api/product.php', body: '{"product_id":', status: 400, error: /not valid JSON/ },
  { url: '/api/product.php', body: json([1, 2]), status: 400, error: /expected object/ },
  // shop.php
  { url: '/api/shop.php', body: json({ limit: 'abc' }), status: 400, error: /limit/ },
  { url: '/api/shop.php', body: json({ limit: '50-10' }), status: 400, error: /limit/ },
  { url: '/api/shop.php', body: json({ limit: 5 }), status: 400, error: /limit/ },
  { url: '/api/shop.php', body: json({ limit: huge }), status: 400, error: /limit/ },
  {
    url: '/api/shop.php',
    body: json({ limit: '0-50', price_range_minimum: -5 }),
    status: 400,
    error: /price_range_minimum/,
  },
  {
    url: '/api/shop.php',
    body: json({ limit: '0-50', price_range_maximum: 1e15 }),
    status: 400,
    error: /price_range_maximum/,
  },
  {
    url: '/api/shop.php',
    body: json({ limit: '0-50', price_range_minimum: 900, price_range_maximum: 100 }),
    status: 400,
    error: /price_range_minimum/,
  },
  {
    url: '/api/shop.php',
    body: json({ limit: '0-50', category: 'Club' }),
    status: 400,
    error: /category/,
  },
  {
    url: '/api/shop.php',
    body: json({ limit: '0-50', category: ['No Such Category'] }),
    status: 400,
    error: /Unknown category: 'No Such Category'/,
  },
  {
    url: '/api/shop.php',
    body: json({ limit: '0-50', team: ['Atlantis FC'] }),
    status: 400,
    error: /Unknown team/,
  },
  {
    url: '/api/shop.php',
    body: json({ limit: '0-50', player: [huge] }),
    status: 400,
    error: /player/,
  },
  {
    url: '/api/shop.php',
    body: json({ category: ['Nope'] }),
    status: 400,
    error: /Unknown category/,
  },
  { url: '/api/shop.php', body: '[', status: 400, error: /not valid JSON/ },
  // search_result.php
  { url: '/api/search_result.php', body: json({}), status: 400, error: /search/ },
  { url: '/api/search_result.php', body: json({ search: 42 }), status: 400, error: /search/ },
  { url: '/api/search_result.php', body: json({ search: huge }), status: 400, error: /too long/ },
  { url: '/api/search_result.php', body: 'search=messi', status: 400, error: /not valid JSON/ },
];

describe('bad input to the catalogue calls', () => {
  it.each(cases)('$url $body.length bytes → $status', async ({ url, body, status, error }) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(status);
    const json = res.json();
    expect(Object.keys(json)).toEqual(['error']);
    expect(json.error).toMatch(error);
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search_result.php',
      payload: 'search=messi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Send the request body as application/json.' });
  });

  it('refuses a body over the size limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search_result.php',
      payload: json({ search: 'x'.repeat(600_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request body is too large.' });
  });

  it('responds to an unknown call with JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nope.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/No such call/);
  });

  it('goes on serving after all of that', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home.php' });
    expect(res.statusCode).toBe(200);
  });
});
