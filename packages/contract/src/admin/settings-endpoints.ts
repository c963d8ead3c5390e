// The shop's settings: read and changed by the owner only.
import type { AdminEndpoint } from './endpoint.js';
import { SettingsResponse, UpdateSettingsRequest } from './settings.js';

export const settingsEndpoints = {
  getSettings: {
    method: 'GET',
    path: '/api/admin/settings',
    summary: "The shop's legal name, address, GSTIN, contact and support hours",
    access: 'settings.manage',
    response: SettingsResponse,
  },
  updateSettings: {
    method: 'PATCH',
    path: '/api/admin/settings',
    summary: "Changes the shop's settings; the storefront and mails show them at once",
    access: 'settings.manage',
    body: UpdateSettingsRequest,
    response: SettingsResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
