// The account calls: OTP mail, OTP check, signup, login, session check and logout, setting a
// new password, the profile and the saved shipping address. Typed by the endpoint table.
import type {
  AddressRequest,
  ChangePasswordRequest,
  LoginRequest,
  OtpProcessRequest,
  ResetPasswordRequest,
  SendEmailRequest,
  SignupRequest,
} from '@kitroom/contract';
import { call, type CallOptions } from './client';

export const sendOtpMail = (body: SendEmailRequest) => call('PHPMailer/send_email.php', body);

export const processOtp = (body: OtpProcessRequest) => call('otpprocess.php', body);

export const signUp = (body: SignupRequest) => call('signup.php', body);

export const logIn = (body: LoginRequest) => call('login_verification.php', body);

export const resetPassword = (body: ResetPasswordRequest) => call('reset_password.php', body);

export const changePassword = (body: ChangePasswordRequest) => call('change_password.php', body);

export const checkSession = (sessionId: string, options?: CallOptions) =>
  call('check_session.php', { session_id: sessionId }, options);

export const destroySession = () => call('session_destroy.php');

export const getProfile = (id: number, options?: CallOptions) =>
  call('profile.php', { id }, options);

export const getShippingAddress = (userId: number, options?: CallOptions) =>
  call('shipping_address.php', { user_id: userId }, options);

export const saveShippingAddress = (body: AddressRequest) => call('address.php', body);
