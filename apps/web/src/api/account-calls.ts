// The account calls: OTP mail, OTP check, signup, login, session check and logout, setting a
// new password, the profile and the saved shipping address. Types come from the contract.
import type {
  AddressRequest,
  AddressResponse,
  ChangePasswordRequest,
  CheckSessionResponse,
  LoginRequest,
  LoginResponse,
  OtpProcessRequest,
  OtpProcessResponse,
  PasswordChangedResponse,
  ProfileResponse,
  ResetPasswordRequest,
  SendEmailRequest,
  SendEmailResponse,
  SessionDestroyResponse,
  ShippingAddressResponse,
  SignupRequest,
  SignupResponse,
} from '@kitroom/contract';
import { post, type CallOptions } from './client';

export const sendOtpMail = (body: SendEmailRequest) =>
  post<SendEmailResponse>('PHPMailer/send_email.php', body);

export const processOtp = (body: OtpProcessRequest) =>
  post<OtpProcessResponse>('otpprocess.php', body);

export const signUp = (body: SignupRequest) => post<SignupResponse>('signup.php', body);

export const logIn = (body: LoginRequest) => post<LoginResponse>('login_verification.php', body);

export const resetPassword = (body: ResetPasswordRequest) =>
  post<PasswordChangedResponse>('reset_password.php', body);

export const changePassword = (body: ChangePasswordRequest) =>
  post<PasswordChangedResponse>('change_password.php', body);

export const checkSession = (sessionId: string, options?: CallOptions) =>
  post<CheckSessionResponse>('check_session.php', { session_id: sessionId }, options);

export const destroySession = () => post<SessionDestroyResponse>('session_destroy.php');

export const getProfile = (id: number, options?: CallOptions) =>
  post<ProfileResponse>('profile.php', { id }, options);

export const getShippingAddress = (userId: number, options?: CallOptions) =>
  post<ShippingAddressResponse>('shipping_address.php', { user_id: userId }, options);

export const saveShippingAddress = (body: AddressRequest) =>
  post<AddressResponse>('address.php', body);
