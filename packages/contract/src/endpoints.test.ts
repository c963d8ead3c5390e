// The storefront's endpoint table holds together: each row's parts agree with one another, and
// the types derived from it pick the response of the body's form.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type {
  CategoryProductsResponse,
  ShopListingResponse,
  ShopOverviewResponse,
} from './catalogue.js';
import {
  storefrontEndpoints,
  storefrontOpenApi,
  type StorefrontEndpoint,
  type StorefrontRequest,
  type StorefrontResponse,
} from './endpoints.js';
import type { OrderDetailResponse, OrdersListResponse } from './orders.js';

const rows = Object.entries(storefrontEndpoints) as [string, StorefrontEndpoint][];

interface JsonObject {
  properties?: Record<string, unknown>;
  anyOf?: JsonObject[];
  oneOf?: JsonObject[];
}

/** The top-level fields of a body schema, across union branches. */
function bodyFields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const visit = (json: JsonObject): string[] => [
    ...Object.keys(json.properties ?? {}),
    ...[...(json.anyOf ?? []), ...(json.oneOf ?? [])].flatMap(visit),
  ];
  return visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject);
}

describe('the storefront endpoint table', () => {
  it.each(rows)('%s: its parts agree', (path, row) => {
    expect(path).toMatch(/^[\w/]+\.php$/);
    if (row.method === 'GET') expect(row.body).toBeUndefined();
    else expect(row.query).toBeUndefined();
    const scoped = row.access === 'shopper' || row.access === 'shopper-or-visitor';
    // A visitors' call may name no user: it only learns who is logged in.
    if (row.access === 'shopper')
      expect(bodyFields(row.body)).toContain(row.userField ?? 'user_id');
    // A call whose body names a user responds 401/403 for a missing or another session; one
    // whose body cannot name anyone (giveaway.php) only reads the session.
    if (scoped && bodyFields(row.body).includes(row.userField ?? 'user_id')) {
      expect(row.errors).toEqual(expect.arrayContaining([401, 403]));
    } else if (!scoped) {
      expect(row.userField).toBeUndefined();
    }
    if (row.access === 'session') expect(row.errors).toContain(401);
    if (row.sessionInStatement) expect(row.access).toBe('shopper');
    if (row.limits?.includes('user')) expect(row.access).toBe('shopper');
    if (row.limits?.includes('email')) expect(bodyFields(row.body)).toContain('email');
    if (row.limits) expect(row.errors).toContain(429);
    if (row.body || row.query) expect(row.errors).toContain(400);
  });

  it("types a call's response by its body's form", () => {
    expectTypeOf<
      StorefrontResponse<'shop.php', { category: string[] }>
    >().toEqualTypeOf<CategoryProductsResponse>();
    expectTypeOf<
      StorefrontResponse<'shop.php', { limit: string }>
    >().toEqualTypeOf<ShopListingResponse>();
    expectTypeOf<StorefrontResponse<'shop.php', undefined>>().toEqualTypeOf<ShopOverviewResponse>();
    expectTypeOf<StorefrontResponse<'shop.php'>>().toEqualTypeOf<
      ShopListingResponse | CategoryProductsResponse | ShopOverviewResponse
    >();
    expectTypeOf<
      StorefrontResponse<'orders.php', { user_id: number; order_id: number }>
    >().toEqualTypeOf<OrderDetailResponse>();
    expectTypeOf<
      StorefrontResponse<'orders.php', { user_id: number }>
    >().toEqualTypeOf<OrdersListResponse>();
    expectTypeOf<StorefrontRequest<'home.php'>>().toEqualTypeOf<undefined>();
  });

  it('has each form of a call accepted by its body schema', () => {
    const shop = storefrontEndpoints['shop.php'];
    expect(shop.body.safeParse({ limit: '0-50' }).success).toBe(true);
    expect(shop.body.safeParse({ category: ['Club jerseys'] }).success).toBe(true);
    expect(shop.body.safeParse(undefined).success).toBe(true);
    const orders = storefrontEndpoints['orders.php'];
    expect(orders.body.safeParse({ user_id: 5 }).success).toBe(true);
    expect(orders.body.safeParse({ user_id: 5, order_id: 9 }).success).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('lists every call of the table with its access, body and responses', () => {
    const doc = storefrontOpenApi('https://kitroom.test') as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(Object.keys(doc.paths)).toHaveLength(rows.length);
    const manage = doc.paths['/api/cart_manage.php']?.post;
    expect(manage).toMatchObject({ operationId: 'cart_manage.php', 'x-access': 'shopper' });
    expect(Object.keys(manage?.responses as object)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
    ]);
    expect(doc.paths['/api/delivery_estimate.php']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'pincode', in: 'query', required: true }),
      expect.objectContaining({ name: 'amount', in: 'query', required: false }),
      expect.objectContaining({ name: 'printed', in: 'query', required: false }),
      expect.objectContaining({ name: 'products', in: 'query', required: false }),
    ]);
    expect(doc.paths['/api/shop.php']?.post?.requestBody).toMatchObject({ required: false });
  });
});
