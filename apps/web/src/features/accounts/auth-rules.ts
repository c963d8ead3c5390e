// The login, registration and OTP rules and texts of the spec (sections 5 and 8). The
// patterns are the contract's, so the form refuses what the server would refuse.
import {
  EMAIL_PATTERN,
  OTP_LENGTH,
  OTP_PATTERN,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
} from '@kitroom/contract';

export const AUTH_TEXTS = {
  loginFieldsRequired: 'Both fields are required.',
  loginFailed: 'Please check your email or password and try again.',
  loginError: 'An error occurred during login. Please try again.',
  emailRequired: 'please write email.',
  emailInvalid: 'Please enter a valid email address.',
  sendFailed: 'please try again',
  otpRequired: 'Please enter OTP.',
  otpInvalid: 'Invalid OTP, please try again.',
  offline: 'Please check your internet connection',
  resendFailed: 'Please try again.',
  detailsRequired: 'Please fill all details',
  passwordShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  mobileInvalid: 'Please enter a valid 10-digit mobile number.',
  registrationFailed: 'Registration failed. Please try again.',
  logoutFailed: 'please try again.',
  newPasswordRequired: 'Please enter your new password twice.',
  passwordsDiffer: 'The two passwords do not match.',
  currentPasswordRequired: 'Please enter your current password.',
  passwordChangeFailed: 'Your password could not be changed. Please try again.',
} as const;

/** The login form's first problem, or null. */
export function loginProblem(email: string, password: string): string | null {
  if (email.trim() === '' || password === '') return AUTH_TEXTS.loginFieldsRequired;
  return null;
}

/** The email step's problem, or null. */
export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (value === '') return AUTH_TEXTS.emailRequired;
  if (!EMAIL_PATTERN.test(value)) return AUTH_TEXTS.emailInvalid;
  return null;
}

/** Verify stays disabled until the code has its 6 characters. */
export function canVerifyOtp(otp: string): boolean {
  return otp.trim().length >= OTP_LENGTH;
}

export function otpProblem(otp: string): string | null {
  const value = otp.trim();
  if (value === '') return AUTH_TEXTS.otpRequired;
  if (!OTP_PATTERN.test(value)) return AUTH_TEXTS.otpInvalid;
  return null;
}

export interface DetailsInput {
  name: string;
  password: string;
  mobile: string;
}

/** 'Register Your Details': all three required, password 6+, mobile exactly 10 digits. */
export function detailsProblem({ name, password, mobile }: DetailsInput): string | null {
  if (name.trim() === '' || password === '' || mobile.trim() === '') {
    return AUTH_TEXTS.detailsRequired;
  }
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_TEXTS.passwordShort;
  if (!PHONE_PATTERN.test(mobile.trim())) return AUTH_TEXTS.mobileInvalid;
  return null;
}

/** A new password typed twice: both given, 6 or more characters, the same. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password === '' || confirmation === '') return AUTH_TEXTS.newPasswordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_TEXTS.passwordShort;
  if (password !== confirmation) return AUTH_TEXTS.passwordsDiffer;
  return null;
}

const hasControlCharacter = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

// Any other origin would do to resolve against: only the path part is ever kept.
const HERE = 'http://kitroom.invalid';

/**
 * Where to go after a login: the redirect parameter when it is a path of this site, else
 * home. Anything else ('//evil.example', 'https://...', '/\\evil', and paths with control
 * characters, which browsers strip: '/\t/evil' would become '//evil') is ignored.
 */
export function redirectTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/';
  if (redirect.includes('\\') || hasControlCharacter(redirect)) return '/';
  if (/^\/(login|register)(?:[/?#]|$)/.test(redirect)) return '/';
  let url: URL;
  try {
    url = new URL(redirect, HERE);
  } catch {
    return '/';
  }
  if (url.origin !== HERE) return '/';
  return redirect;
}

/** What the access guard passes to /login: the state of the page it sent the user from. */
export interface LoginLocationState {
  returnState?: unknown;
}
