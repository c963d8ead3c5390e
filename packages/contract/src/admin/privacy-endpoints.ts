// Shoppers' data rights in the back office: the list of erasure requests.
import type { AdminEndpoint } from './endpoint.js';
import { ErasureListResponse, ErasureQuery } from './privacy.js';

export const privacyEndpoints = {
  listErasures: {
    method: 'GET',
    path: '/api/admin/erasures',
    summary: "Shoppers' account erasure requests: waiting first (with the order holding each)",
    access: 'customers.read',
    query: ErasureQuery,
    response: ErasureListResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
