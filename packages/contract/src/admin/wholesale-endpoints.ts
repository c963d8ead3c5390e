// The wholesale endpoints: applications, read-only (approval comes with wholesale prices).
import type { AdminEndpoint } from './endpoint.js';
import { WholesaleApplicationListResponse, WholesaleApplicationQuery } from './wholesale.js';

export const wholesaleEndpoints = {
  listWholesaleApplications: {
    method: 'GET',
    path: '/api/admin/wholesale/applications',
    summary: 'Wholesale applications newest first with every detail, filtered by status',
    access: 'wholesale.manage',
    query: WholesaleApplicationQuery,
    response: WholesaleApplicationListResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
