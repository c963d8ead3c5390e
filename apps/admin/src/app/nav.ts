// The back office's pages in the navigation, each with the permission it needs ('signed-in':
// everyone). Areas join this list when their pages exist (orders, catalogue, coupons, ...).
import type { Access } from '@kitroom/contract/admin';

export interface NavItem {
  to: string;
  label: string;
  access: Access;
}

export const NAV: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', access: 'signed-in' },
  { to: '/orders', label: 'Orders', access: 'orders.read' },
  { to: '/customers', label: 'Customers', access: 'customers.read' },
  { to: '/returns', label: 'Returns', access: 'orders.read' },
  { to: '/deliveries', label: 'Deliveries', access: 'orders.fulfil' },
  { to: '/refunds', label: 'Refunds', access: 'orders.refund' },
  { to: '/reconciliation', label: 'Reconciliation', access: 'reports.read' },
  { to: '/products', label: 'Products', access: 'catalogue.read' },
  { to: '/categories', label: 'Categories', access: 'catalogue.read' },
  { to: '/size-charts', label: 'Size charts', access: 'catalogue.read' },
  { to: '/teams', label: 'Teams', access: 'catalogue.read' },
  { to: '/players', label: 'Players', access: 'catalogue.read' },
  { to: '/catalogue/csv', label: 'Import / export', access: 'catalogue.read' },
  { to: '/launches', label: 'Launches', access: 'catalogue.read' },
  { to: '/coupons', label: 'Coupons', access: 'coupons.manage' },
  { to: '/giveaways', label: 'Giveaways', access: 'coupons.manage' },
  { to: '/reviews', label: 'Reviews', access: 'reviews.manage' },
  { to: '/feedback', label: 'Feedback', access: 'feedback.manage' },
  { to: '/wholesale', label: 'Wholesale', access: 'wholesale.manage' },
  { to: '/erasures', label: 'Account deletions', access: 'customers.read' },
  { to: '/referrals', label: 'Referrals', access: 'reports.read' },
  { to: '/tax', label: 'Tax', access: 'reports.read' },
  { to: '/status', label: 'Status', access: 'reports.read' },
  { to: '/staff', label: 'Staff', access: 'staff.manage' },
  { to: '/audit', label: 'Audit log', access: 'audit.read' },
  { to: '/settings', label: 'Settings', access: 'settings.manage' },
  { to: '/backups', label: 'Backups', access: 'settings.manage' },
];
