// Cart reminders (decision 065): settings for the owner (settings.manage, as the other
// settings), the month's report for owner and manager (reports.read).
import type { AdminEndpoint } from './endpoint.js';
import {
  RecoveryReportQuery,
  RecoveryReportResponse,
  RecoverySettingsResponse,
  UpdateRecoverySettingsRequest,
} from './recovery.js';

export const recoveryEndpoints = {
  getRecoverySettings: {
    method: 'GET',
    path: '/api/admin/settings/cart-reminders',
    summary: 'Whether carts left at checkout get a reminder, after how long, with what coupon',
    access: 'settings.manage',
    response: RecoverySettingsResponse,
  },
  updateRecoverySettings: {
    method: 'PATCH',
    path: '/api/admin/settings/cart-reminders',
    summary: 'Changes the cart reminders; audited',
    access: 'settings.manage',
    body: UpdateRecoverySettingsRequest,
    response: RecoverySettingsResponse,
  },
  recoveryReport: {
    method: 'GET',
    path: '/api/admin/reports/cart-reminders',
    summary: "A month's cart reminders: sent, carts recovered, their revenue, coupons used",
    access: 'reports.read',
    query: RecoveryReportQuery,
    response: RecoveryReportResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
