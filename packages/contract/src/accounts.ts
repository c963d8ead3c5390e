// Account calls: the OTP mail, OTP check, signup, login, session check and logout, the profile
// and the saved shipping address.
import { z } from 'zod';
import { Id } from './common.js';
import { OTP_PATTERN, PASSWORD_MIN_LENGTH, PHONE_PATTERN, PINCODE_PATTERN } from './rules.js';
import { isIndianState } from './states.js';

/** The longest password accepted; a cap keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 128;

/** What an email address must look like (the web form checks it before sending). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed and lower-cased: the form an address is stored and compared in. */
export const Email = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .regex(EMAIL_PATTERN, 'enter a valid email address');

const Password = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The session id the client keeps in userData; the `access` cookie is the credential. */
const SessionId = z.string({ error: 'session_id is required' }).min(1).max(200);

const required = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`);

// ── POST /api/PHPMailer/send_email.php ──

/** send: first code; resend: another for the same address; change: a code for a changed address. */
export const SendEmailRequest = z.object({
  email: Email,
  action: z.enum(['send', 'resend', 'change'], {
    error: "action must be 'send', 'resend' or 'change'",
  }),
});
export type SendEmailRequest = z.input<typeof SendEmailRequest>;

export const SendEmailResponse = z.object({ status: z.literal('success'), message: z.string() });
export type SendEmailResponse = z.infer<typeof SendEmailResponse>;

// ── POST /api/otpprocess.php ──

export const OtpProcessRequest = z.object({
  email: Email,
  otp: z.string({ error: 'otp is required' }).trim().regex(OTP_PATTERN, 'otp must be 6 digits'),
});
export type OtpProcessRequest = z.input<typeof OtpProcessRequest>;

/** A new address whose code was right: the client opens the details form. */
export const OtpRegisterResponse = z.object({ message: z.string() });
export type OtpRegisterResponse = z.infer<typeof OtpRegisterResponse>;

/** An existing user whose code was right is logged in (user_code is the user id). */
export const OtpLoginResponse = z.object({
  email: z.string(),
  user_code: z.number().int(),
  session_id: z.string(),
});
export type OtpLoginResponse = z.infer<typeof OtpLoginResponse>;

export const OtpProcessResponse = z.union([OtpLoginResponse, OtpRegisterResponse]);
export type OtpProcessResponse = z.infer<typeof OtpProcessResponse>;

// ── POST /api/signup.php ──

export const SignupRequest = z.object({
  name: required('name', 100),
  email: Email,
  password: Password,
  mobile_number: z
    .string({ error: 'mobile_number is required' })
    .trim()
    .regex(PHONE_PATTERN, 'mobile_number must be exactly 10 digits'),
});
export type SignupRequest = z.input<typeof SignupRequest>;

export const SignupResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  user_id: z.number().int(),
  session_id: z.string(),
});
export type SignupResponse = z.infer<typeof SignupResponse>;

// ── POST /api/login_verification.php ──

export const LoginRequest = z.object({
  email: Email,
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const LoginResponse = z.object({
  email: z.string(),
  user_id: z.number().int(),
  session_id: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

// ── POST /api/reset_password.php ── (not in the spec: the end of 'forgot password?')

/**
 * A new password for the logged-in user, right after a code login in the same browser: the
 * code's grant (an HttpOnly cookie) stands in for the current password, once.
 */
export const ResetPasswordRequest = z.object({ user_id: Id, password: Password });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

// ── POST /api/change_password.php ── (not in the spec: the account area's Change Password)

export const ChangePasswordRequest = z.object({
  user_id: Id,
  current_password: z
    .string({ error: 'current_password is required' })
    .min(1, 'current_password is required')
    .max(PASSWORD_MAX_LENGTH, `current_password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  new_password: Password,
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/** Both password calls: every other session of the user has ended. */
export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. You have been logged out everywhere else.';
export const PasswordChangedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type PasswordChangedResponse = z.infer<typeof PasswordChangedResponse>;

// ── POST /api/check_session.php ──

export const CheckSessionRequest = z.object({ session_id: SessionId });
export type CheckSessionRequest = z.input<typeof CheckSessionRequest>;

export const CheckSessionResponse = z.object({
  user_id: z.number().int(),
  session_id: z.string(),
});
export type CheckSessionResponse = z.infer<typeof CheckSessionResponse>;

// ── POST /api/session_destroy.php ── (no body)

export const SESSION_DESTROYED_MESSAGE = 'Session destroyed successfully';
export const SessionDestroyResponse = z.object({ message: z.string() });
export type SessionDestroyResponse = z.infer<typeof SessionDestroyResponse>;

// ── shipping address (profile and checkout) ──

/** The saved address; every field required, pincode 6 digits, phone 10 digits. */
export const ShippingAddress = z.object({
  first_name: required('first_name', 100),
  last_name: required('last_name', 100),
  street_name: required('street_name', 300),
  city: required('city', 100),
  state: required('state', 100).refine(
    isIndianState,
    'state must be one of the Indian states and territories',
  ),
  pincode: z
    .string({ error: 'pincode is required' })
    .trim()
    .regex(PINCODE_PATTERN, 'pincode must be exactly 6 digits'),
  phone: z
    .string({ error: 'phone is required' })
    .trim()
    .regex(PHONE_PATTERN, 'phone must be exactly 10 digits'),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

// ── POST /api/profile.php ──

export const ProfileRequest = z.object({ id: Id });
export type ProfileRequest = z.input<typeof ProfileRequest>;

export const UserProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  /** null when no address is saved (the profile then shows NAN). */
  shipping_address: ShippingAddress.nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const ProfileResponse = z.object({ user: UserProfile });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

// ── POST /api/shipping_address.php ──

export const ShippingAddressRequest = z.object({ user_id: Id });
export type ShippingAddressRequest = z.input<typeof ShippingAddressRequest>;

export const ShippingAddressResponse = z.object({ address: ShippingAddress.nullable() });
export type ShippingAddressResponse = z.infer<typeof ShippingAddressResponse>;

// ── POST /api/address.php ──

export const AddressRequest = z.object({ user_id: Id, shipping_address: ShippingAddress });
export type AddressRequest = z.input<typeof AddressRequest>;

export const AddressResponse = z.object({ success: z.literal(true) });
export type AddressResponse = z.infer<typeof AddressResponse>;
