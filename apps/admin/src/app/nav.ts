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
  { to: '/teams', label: 'Teams', access: 'catalogue.read' },
  { to: '/players', label: 'Players', access: 'catalogue.read' },
  { to: '/staff', label: 'Staff', access: 'staff.manage' },
  { to: '/audit', label: 'Audit log', access: 'audit.read' },
  { to: '/settings', label: 'Settings', access: 'settings.manage' },
];
