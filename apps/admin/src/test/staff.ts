// Staff as the server returns them, for component tests.
import {
  ROLE_PERMISSIONS,
  type SignedInResponse,
  type StaffProfile,
  type StaffRole,
} from '@kitroom/contract/admin';

let next = 1;

export function staffMember(role: StaffRole, overrides: Partial<StaffProfile> = {}): StaffProfile {
  const id = next++;
  return {
    id,
    email: `${role}${id}@kitroom.in`,
    name: `${role[0]!.toUpperCase()}${role.slice(1)} ${id}`,
    role,
    two_factor: role === 'owner' || role === 'manager',
    disabled: false,
    created_at: '2026-11-24T05:30:00.000Z',
    ...overrides,
  };
}

export function signedInAs(staff: StaffProfile): SignedInResponse {
  return { staff, permissions: [...ROLE_PERMISSIONS[staff.role]] };
}
