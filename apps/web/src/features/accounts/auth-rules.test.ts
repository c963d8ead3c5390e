import { describe, expect, it } from 'vitest';
import { accountHeading, accountSubPath } from './account-rules';
import {
  AUTH_TEXTS,
  canVerifyOtp,
  detailsProblem,
  emailProblem,
  loginProblem,
  otpProblem,
  newPasswordProblem,
  redirectTarget,
} from './auth-rules';

describe('login, registration and OTP rules', () => {
  it('needs both login fields', () => {
    expect(loginProblem('', 'x')).toBe('Both fields are required.');
    expect(loginProblem('a@b.in', '')).toBe('Both fields are required.');
    expect(loginProblem('a@b.in', 'secret')).toBeNull();
  });

  it('needs an email, and one that looks like an address', () => {
    expect(emailProblem('  ')).toBe('please write email.');
    expect(emailProblem('asha@')).toBe(AUTH_TEXTS.emailInvalid);
    expect(emailProblem(' asha@kitroom.in ')).toBeNull();
  });

  it('enables Verify only with 6 characters', () => {
    expect(canVerifyOtp('12345')).toBe(false);
    expect(canVerifyOtp('123456')).toBe(true);
    expect(otpProblem('')).toBe('Please enter OTP.');
    expect(otpProblem('12a456')).toBe('Invalid OTP, please try again.');
    expect(otpProblem('123456')).toBeNull();
  });

  it('checks the details form: all fields, password 6+, mobile of 10 digits', () => {
    const good = { name: 'Asha', password: 'secret', mobile: '9876543210' };
    expect(detailsProblem({ ...good, name: ' ' })).toBe('Please fill all details');
    expect(detailsProblem({ ...good, mobile: '' })).toBe('Please fill all details');
    expect(detailsProblem({ ...good, password: 'five5' })).toBe(
      'Password must be at least 6 characters.',
    );
    expect(detailsProblem({ ...good, mobile: '98765' })).toBe(
      'Please enter a valid 10-digit mobile number.',
    );
    expect(detailsProblem(good)).toBeNull();
  });

  it('follows only redirects inside the shop', () => {
    expect(redirectTarget('/checkOut')).toBe('/checkOut');
    expect(redirectTarget('/myAccount/orders?x=1')).toBe('/myAccount/orders?x=1');
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget('https://evil.example')).toBe('/');
    expect(redirectTarget('//evil.example')).toBe('/');
    expect(redirectTarget('/\\evil.example')).toBe('/');
    expect(redirectTarget('/login?redirect=/x')).toBe('/');
  });

  it('refuses redirects with control characters, which browsers strip into //evil', () => {
    // ?redirect=/%09/evil.example arrives decoded, as the search params give it.
    const decoded = new URLSearchParams('redirect=/%09/evil.example').get('redirect');
    expect(decoded).toBe('/\t/evil.example');
    expect(redirectTarget(decoded)).toBe('/');
    expect(redirectTarget('/\n/evil.example')).toBe('/');
    expect(redirectTarget('/\r\n/evil.example')).toBe('/');
    expect(redirectTarget('/\u0000/evil.example')).toBe('/');
    expect(redirectTarget('/\u007f/x')).toBe('/');
    expect(redirectTarget('/product/1\\x')).toBe('/');
    // What a browser would make of the refused ones, for the record: another host.
    expect(new URL('/\t/evil.example', 'https://kitroom.in').host).toBe('evil.example');
  });

  it('asks for a new password twice, of 6 or more, the same', () => {
    expect(newPasswordProblem('', '')).toBe('Please enter your new password twice.');
    expect(newPasswordProblem('secret-1', '')).toBe('Please enter your new password twice.');
    expect(newPasswordProblem('12345', '12345')).toBe('Password must be at least 6 characters.');
    expect(newPasswordProblem('secret-1', 'secret-2')).toBe('The two passwords do not match.');
    expect(newPasswordProblem('secret-1', 'secret-1')).toBeNull();
  });
});

describe('account headings', () => {
  it('is the sub-path in words, or My Profile', () => {
    expect(accountHeading(accountSubPath('/myAccount'))).toBe('My Profile');
    expect(accountHeading(accountSubPath('/myAccount/'))).toBe('My Profile');
    expect(accountHeading(accountSubPath('/myAccount/orders'))).toBe('Orders');
    expect(accountHeading(accountSubPath('/myAccount/WholesaleRegistration'))).toBe(
      'Wholesale Registration',
    );
  });
});
