// The back-in-stock endpoint of the back office: the waiting list's size per size.
import type { AdminEndpoint } from './endpoint.js';
import { BackInStockWaitingResponse } from './back-in-stock.js';
import { ProductIdParams } from './catalogue.js';

export const backInStockEndpoints = {
  backInStockWaiting: {
    method: 'GET',
    path: '/api/admin/products/:id/back-in-stock',
    summary: 'How many shoppers wait for each size of the product to come back',
    access: 'catalogue.read',
    params: ProductIdParams,
    response: BackInStockWaitingResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
