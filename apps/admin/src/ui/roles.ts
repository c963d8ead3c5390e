// Roles and permissions in plain words, for the dashboard, the staff table and the invite form.
import type { Permission, StaffRole } from '@kitroom/contract/admin';

export const ROLE_LABEL: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  packer: 'Packer',
  support: 'Support',
};

export const PERMISSION_TEXT: Record<Permission, string> = {
  'staff.manage': 'Invite staff, change their roles, disable them and reset their sign-in',
  'settings.manage': "Change the shop's settings: legal name, address, GSTIN",
  'audit.read': 'Read the audit log of every change',
  'catalogue.read': 'See products, sizes and stock',
  'catalogue.write': 'Create and edit products, teams, players, categories and pictures',
  'stock.adjust': 'Count stock and adjust it with a reason',
  'orders.read': 'See orders',
  'orders.money': "See orders' money: totals, payments, refunds, invoices and credit notes",
  'orders.notes': "Write notes on an order's timeline",
  'orders.fulfil': 'Pack, ship and deliver orders',
  'orders.manage': 'Cancel orders and approve returns and exchanges',
  'orders.refund': 'Refund money',
  'customers.read': "See shoppers' details",
  'customers.manage': "Write notes on a shopper's account and block cash on delivery for them",
  'customers.erase': "Start erasing a shopper's account when they ask the shop to",
  'coupons.manage': 'Manage coupons, referral codes and giveaways',
  'wholesale.manage': 'Decide wholesale applications',
  'reviews.manage': 'Moderate reviews',
  'feedback.manage': "Answer shoppers' feedback",
  'reports.read': 'Read sales, referral and tax reports',
};
