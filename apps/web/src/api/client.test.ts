// call(): the one way the storefront talks to its server, typed by the endpoint table.
import type {
  CategoryProductsResponse,
  OrderDetailResponse,
  OrdersListResponse,
} from '@kitroom/contract';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { ApiError, call, callKey, inlinedResponse, isAbort } from './client';
import { initialDataOf } from './initial-data';

afterEach(() => vi.restoreAllMocks());

describe('call', () => {
  it('sends a GET call’s input as its query string, and a POST call’s as its JSON body', async () => {
    const api = fakeApi();
    const estimate = {
      pincode: '673001',
      city: 'Kozhikode',
      state: 'Kerala',
      states: ['Kerala'],
      date: '2026-11-27',
      text: 'Delivery by Fri, 27 Nov',
      cod: { available: false, fee: 0, reason: null },
    };
    api.on('delivery_estimate.php?pincode=673001&amount=1858', () => ok(estimate));
    api.on('coupons.php', () => refuse(400, 'This coupon has expired.'));
    const sent = vi.mocked(fetch);

    expect(await call('delivery_estimate.php', { pincode: '673001', amount: 1858 })).toEqual(
      estimate,
    );
    expect(sent.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', body: undefined });

    const refused = call('coupons.php', {
      user_id: 5,
      coupon_code: 'OLD',
      total_amount: 899,
      product_id: [3],
    });
    await expect(refused).rejects.toEqual(new ApiError(400, 'This coupon has expired.'));
    expect(sent.mock.calls[1]?.[1]).toMatchObject({ method: 'POST' });
    expect(api.calls['coupons.php']).toEqual([
      { user_id: 5, coupon_code: 'OLD', total_amount: 899, product_id: [3] },
    ]);
  });

  it('is aborted by its signal', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const controller = new AbortController();
    const pending = call('search_result.php', { search: 'Brazil' }, { signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(isAbort(error)).toBe(true);
  });

  it('reads the response the server inlined under the same key as the call', () => {
    const data = initialDataOf({
      [callKey('delivery_estimate.php?pincode=673001', undefined)]: { pincode: '673001' },
      [callKey('shop.php', { category: ['Club'] })]: { products: [], min_price: 0, max_price: 0 },
    });
    expect(inlinedResponse('delivery_estimate.php', { pincode: '673001' })(data)).toEqual({
      pincode: '673001',
    });
    expect(inlinedResponse('shop.php', { category: ['Club'] })(data)).toEqual({
      products: [],
      min_price: 0,
      max_price: 0,
    });
  });

  it('types the response by the body’s form', async () => {
    const api = fakeApi();
    api.on('shop.php', () => ok({ products: [], min_price: 0, max_price: 0 }));
    api.on('orders.php', () => ok({ orders: [] }));
    expectTypeOf(
      await call('shop.php', { category: ['Club'] }),
    ).toEqualTypeOf<CategoryProductsResponse>();
    expectTypeOf(await call('orders.php', { user_id: 5 })).toEqualTypeOf<OrdersListResponse>();
    expectTypeOf(
      await call('orders.php', { user_id: 5, order_id: 9 }),
    ).toEqualTypeOf<OrderDetailResponse>();
    expect(api.calls['orders.php']).toEqual([{ user_id: 5 }, { user_id: 5, order_id: 9 }]);
  });
});
