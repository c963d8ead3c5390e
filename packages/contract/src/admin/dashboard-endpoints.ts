// The dashboard's endpoint: any signed-in staff member, each part by its own permission.
import { DashboardResponse } from './dashboard.js';
import type { AdminEndpoint } from './endpoint.js';

export const dashboardEndpoints = {
  dashboard: {
    method: 'GET',
    path: '/api/admin/dashboard',
    summary:
      'Sales today, this month and over 30 days, best sellers, orders to pack and sizes running low (each part for the roles that may see it)',
    access: 'signed-in',
    response: DashboardResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
