// How a staff row is shown to the back office: never its hashes or its TOTP secret.
import {
  ROLE_PERMISSIONS,
  type SignedInResponse,
  type StaffProfile,
} from '@kitroom/contract/admin';
import type { StaffRow } from './staff.queries.js';

export function toProfile(row: StaffRow): StaffProfile {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    two_factor: row.totpSecret !== null,
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function signedIn(row: StaffRow): SignedInResponse {
  return { staff: toProfile(row), permissions: [...ROLE_PERMISSIONS[row.role]] };
}

/** What the audit log keeps of a staff member: the fields a change may touch. */
export function auditFields(row: StaffRow): Record<string, unknown> {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    two_factor: row.totpSecret !== null,
    disabled: row.disabledAt !== null,
  };
}
