// Staff accounts and their sign-in: the first owner's setup link, password then TOTP, staff
// management by the owner, and the audit log's entries.
import { z } from 'zod';
import { Email } from '../accounts.js';
import { Id } from '../common.js';
import { Permission, StaffRole } from './roles.js';

export const STAFF_PASSWORD_MIN_LENGTH = 10;
export const STAFF_PASSWORD_MAX_LENGTH = 128;

const StaffPassword = z
  .string({ error: 'password is required' })
  .min(
    STAFF_PASSWORD_MIN_LENGTH,
    `password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
  )
  .max(
    STAFF_PASSWORD_MAX_LENGTH,
    `password must be at most ${STAFF_PASSWORD_MAX_LENGTH} characters`,
  );

const StaffName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(100, 'name is too long');

/** A 6-digit code from an authenticator app. */
export const TotpCode = z
  .string({ error: 'code is required' })
  .trim()
  .regex(/^\d{6}$/, 'code must be the 6 digits your authenticator app shows');

/** A one-time recovery code as printed at setup: 10 letters and digits, dashes optional. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/;

/** A setup or invitation link's token. */
const SetupToken = z
  .string({ error: 'token is required' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'this setup link is not valid');

export const StaffProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  two_factor: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffProfile = z.infer<typeof StaffProfile>;

// ── GET /api/admin/setup/:token ──

export const SetupParams = z.object({ token: SetupToken });
export type SetupParams = z.input<typeof SetupParams>;

/**
 * What a setup link is for: a new staff member (the first owner, or an invitation), or an
 * existing one whose password and two-factor were reset. The TOTP secret to enrol comes with it.
 */
export const SetupInfoResponse = z.object({
  kind: z.enum(['new', 'reset']),
  email: z.string().nullable(),
  name: z.string().nullable(),
  role: StaffRole,
  needs_two_factor: z.boolean(),
  totp_secret: z.string(),
  otpauth_url: z.string(),
  expires_at: z.string(),
});
export type SetupInfoResponse = z.infer<typeof SetupInfoResponse>;

// ── POST /api/admin/setup ──

/** email only for the first owner's link (an invitation names the address). */
export const SetupRequest = z.object({
  token: SetupToken,
  name: StaffName,
  email: Email.optional(),
  password: StaffPassword,
  totp_code: TotpCode.optional(),
});
export type SetupRequest = z.input<typeof SetupRequest>;

export const SignedInResponse = z.object({
  staff: StaffProfile,
  permissions: z.array(Permission),
});
export type SignedInResponse = z.infer<typeof SignedInResponse>;

/** Shown once: each recovery code signs in once in place of a TOTP code. */
export const SetupResponse = SignedInResponse.extend({ recovery_codes: z.array(z.string()) });
export type SetupResponse = z.infer<typeof SetupResponse>;

// ── POST /api/admin/sign-in ──

export const SignInRequest = z.object({
  email: Email,
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(STAFF_PASSWORD_MAX_LENGTH, 'password is too long'),
});
export type SignInRequest = z.input<typeof SignInRequest>;

/** Signed in, or a second factor is asked next (the session is pending until then). */
export const SignInResponse = z.discriminatedUnion('status', [
  SignedInResponse.extend({ status: z.literal('signed-in') }),
  z.object({ status: z.literal('second-factor') }),
]);
export type SignInResponse = z.infer<typeof SignInResponse>;

// ── POST /api/admin/sign-in/second-factor ──

export const SecondFactorRequest = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .toLowerCase()
    .refine(
      (v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v),
      'enter the 6 digits your authenticator app shows, or a recovery code',
    ),
});
export type SecondFactorRequest = z.input<typeof SecondFactorRequest>;

// ── POST /api/admin/sign-out ──

export const SignOutResponse = z.object({ signed_out: z.literal(true) });
export type SignOutResponse = z.infer<typeof SignOutResponse>;

// ── GET /api/admin/staff, POST /api/admin/staff/invite, PATCH /api/admin/staff/:id ──

export const StaffListResponse = z.object({ staff: z.array(StaffProfile) });
export type StaffListResponse = z.infer<typeof StaffListResponse>;

export const InviteStaffRequest = z.object({ email: Email, name: StaffName, role: StaffRole });
export type InviteStaffRequest = z.input<typeof InviteStaffRequest>;

/** A link to send the person: where they set a password and, if asked, two-factor. */
export const SetupLinkResponse = z.object({ setup_url: z.string(), expires_at: z.string() });
export type SetupLinkResponse = z.infer<typeof SetupLinkResponse>;

/**
 * An invitation not yet taken up: mailed with its one-time link, listed until the person sets
 * up their sign-in or the owner revokes it (an expired one stays, to be sent again).
 */
export const StaffInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  /** When the current link was made (the invitation, or its last resend). */
  sent_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof StaffInvitation>;

export const StaffInvitationsResponse = z.object({ invitations: z.array(StaffInvitation) });
export type StaffInvitationsResponse = z.infer<typeof StaffInvitationsResponse>;

export const StaffInvitationParams = z.object({ id: Id });
export type StaffInvitationParams = z.input<typeof StaffInvitationParams>;

export const RevokedInvitationResponse = z.object({ revoked: z.literal(true) });
export type RevokedInvitationResponse = z.infer<typeof RevokedInvitationResponse>;

export const StaffIdParams = z.object({ id: Id });
export type StaffIdParams = z.input<typeof StaffIdParams>;

export const UpdateStaffRequest = z
  .object({ role: StaffRole.optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, 'nothing to change');
export type UpdateStaffRequest = z.input<typeof UpdateStaffRequest>;

export const StaffResponse = z.object({ staff: StaffProfile });
export type StaffResponse = z.infer<typeof StaffResponse>;

// ── GET /api/admin/audit ──

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-24');

export const AuditQuery = z.object({
  entity: z.string().trim().min(1).max(50).optional(),
  staff_id: Id.optional(),
  /** Indian days (Asia/Kolkata), both included. */
  from: Day.optional(),
  to: Day.optional(),
  /** The cursor: entries older than this id. */
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof AuditQuery>;

/**
 * Who made a change: a staff member (staff_id, staff_name), or, with no staff member, the
 * command line, a courier's or the payment provider's webhook, the shop's sweep, the shopper.
 */
export const AuditActor = z.enum([
  'staff',
  'command_line',
  'courier',
  'payment_provider',
  'sweep',
  'shopper',
]);
export type AuditActor = z.infer<typeof AuditActor>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: AuditActor,
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  ip: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditResponse = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `before` for the next page; null on the last one. */
  next_before: z.number().int().nullable(),
});
export type AuditResponse = z.infer<typeof AuditResponse>;
