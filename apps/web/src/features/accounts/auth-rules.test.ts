import { describe, expect, it } from 'vitest';
import { accountHeading, accountSubPath } from './account-rules';
import {
  AUTH_TEXTS,
  canVerifyOtp,
  detailsProblem,
  emailProblem,
  loginProblem,
  otpProblem,
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
