// The Status page's endpoint: owners and managers (reports.read), as the shop's other figures.
import type { AdminEndpoint } from './endpoint.js';
import { StatusResponse } from './status.js';

export const statusEndpoints = {
  adminStatus: {
    method: 'GET',
    path: '/api/admin/status',
    summary:
      "The shop's health: outbox backlog, webhook failures, periodic jobs, last backup, disk free, database, version and uptime, with the owner alerts raised",
    access: 'reports.read',
    response: StatusResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
