// Who may do what in the back office (OPERATIONS.md, "Staff, roles and trust"): four roles,
// a list of permissions, and the matrix between them. Every admin endpoint names one
// permission (endpoints.ts); the server responds 403 to a role that lacks it.
import { z } from 'zod';

export const STAFF_ROLES = ['owner', 'manager', 'packer', 'support'] as const;
export const StaffRole = z.enum(STAFF_ROLES, {
  error: `role must be one of ${STAFF_ROLES.join(', ')}`,
});
export type StaffRole = z.infer<typeof StaffRole>;

export const PERMISSIONS = [
  /** Invite, disable and change the role of staff. */
  'staff.manage',
  /** The shop's legal name, address, GSTIN and other settings. */
  'settings.manage',
  /** Read the audit log. */
  'audit.read',
  /** See products, sizes and stock. */
  'catalogue.read',
  /** Create and edit products, teams, players, categories and pictures. */
  'catalogue.write',
  /** Count stock: adjustments with a reason. */
  'stock.adjust',
  /** See orders (packers see what a packing slip and a label need). */
  'orders.read',
  /**
   * See an order's money: totals, payments with the provider's ids, refunds and their reasons,
   * invoices and credit notes. Packers handle parcels, not money (OPERATIONS.md).
   */
  'orders.money',
  /** Write notes on an order's timeline. */
  'orders.notes',
  /** Pack, ship and deliver orders. */
  'orders.fulfil',
  /** Cancel orders and approve returns and exchanges. */
  'orders.manage',
  /** Refund money. */
  'orders.refund',
  /** See shoppers' details beyond an address label. */
  'customers.read',
  /**
   * Write notes on a shopper's account and block or allow cash on delivery for them: what
   * support does when a shopper calls or refuses parcels at the door.
   */
  'customers.manage',
  /**
   * Start erasing a shopper's account when they ask the shop to (DPDP Act s.12): it cannot be
   * undone, so the owner alone decides.
   */
  'customers.erase',
  /** Coupons, referral codes and giveaways: the shop's marketing. */
  'coupons.manage',
  'wholesale.manage',
  'reviews.manage',
  'feedback.manage',
  /** Sales, referral and tax reports. */
  'reports.read',
] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

const everything = [...PERMISSIONS];

/** The permission matrix: what each role may do. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: everything,
  manager: everything.filter(
    (p) => p !== 'staff.manage' && p !== 'settings.manage' && p !== 'customers.erase',
  ),
  packer: ['catalogue.read', 'stock.adjust', 'orders.read', 'orders.fulfil'],
  support: [
    'orders.read',
    'orders.money',
    'orders.notes',
    'orders.manage',
    'customers.read',
    'customers.manage',
    'reviews.manage',
    'feedback.manage',
    'catalogue.read',
  ],
};

export function roleMay(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Owners and managers must sign in with a second factor (TOTP). */
export const ROLES_NEEDING_TWO_FACTOR: readonly StaffRole[] = ['owner', 'manager'];

export function roleNeedsTwoFactor(role: StaffRole): boolean {
  return ROLES_NEEDING_TWO_FACTOR.includes(role);
}
