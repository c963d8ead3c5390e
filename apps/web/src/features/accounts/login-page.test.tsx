import { act, fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import LoginPage from './login-page';
import { eventually } from '@/test/eventually';

const routes = (
  <>
    <Route path="/login" element={<LoginPage key="login" />} />
    <Route path="/register" element={<LoginPage key="register" mode="register" />} />
  </>
);

const where = () => screen.getByTestId('where').textContent;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('login', () => {
  it("shows the spec's texts for a wrong password and a failed request", async () => {
    const api = fakeApi();
    renderApp(routes, '/login');
    press('Login');
    expect((await screen.findByRole('alert')).textContent).toBe('Both fields are required.');

    api.on('login_verification.php', () => refuse(401, 'nope'));
    type('Email', 'asha@kitroom.in');
    type('Password', 'wrong');
    press('Login');
    await eventually(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Please check your email or password and try again.',
      ),
    );

    api.on('login_verification.php', () => 'offline');
    press('Login');
    await eventually(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'An error occurred during login. Please try again.',
      ),
    );
  });

  it('logs in, merges the cart and honours the redirect parameter', async () => {
    const api = fakeApi();
    api.on('login_verification.php', () =>
      ok({ email: 'asha@kitroom.in', user_id: 5, session_id: 'h' }),
    );
    api.on('cart_merge.php', () => ok({ cart_items: [] }));
    renderApp(routes, '/login?redirect=%2FmyAccount%2Forders');
    type('Email', 'asha@kitroom.in');
    type('Password', 'secret1');
    press('Login');
    await eventually(() => expect(where()).toBe('/myAccount/orders'));
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual({
      email: 'asha@kitroom.in',
      user_code: 5,
      session_id: 'h',
    });
    expect(api.calls['cart_merge.php']).toEqual([{ user_id: 5, items: [] }]);
  });

  it('sends a logged-in user home from /login and /register', () => {
    logInLocally();
    renderApp(routes, '/register?redirect=%2FcheckOut');
    expect(where()).toBe('/');
  });
});

describe('registration by emailed code', () => {
  it('goes from the email to the OTP screen and the details form, then logs in', async () => {
    const api = fakeApi();
    renderApp(routes, '/register?redirect=%2FcheckOut');
    press('Send OTP');
    expect((await screen.findByRole('alert')).textContent).toBe('please write email.');

    api.on('PHPMailer/send_email.php', () =>
      ok({ status: 'success', message: 'An OTP has been sent to new@kitroom.in.' }),
    );
    type('Email', 'New@Kitroom.in');
    press('Send OTP');
    await screen.findByRole('heading', { name: 'Enter OTP' });
    expect(api.calls['PHPMailer/send_email.php']).toEqual([
      { email: 'New@Kitroom.in', action: 'send' },
    ]);
    expect(screen.getByRole('status').textContent).toBe('An OTP has been sent to new@kitroom.in.');

    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    type('OTP', '12345');
    expect(verify.disabled).toBe(true);
    api.on('otpprocess.php', () => refuse(400, 'Invalid OTP, please try again.'));
    type('OTP', '123456');
    expect(verify.disabled).toBe(false);
    press('Verify');
    await eventually(() =>
      expect(screen.getByRole('alert').textContent).toBe('Invalid OTP, please try again.'),
    );

    api.on('otpprocess.php', () => 'offline');
    press('Verify');
    await eventually(() =>
      expect(screen.getByRole('alert').textContent).toBe('Please check your internet connection'),
    );

    api.on('otpprocess.php', () => ok({ message: 'OTP verified. Please register your details.' }));
    press('Verify');
    await screen.findByRole('heading', { name: 'Register Your Details' });
    expect(api.calls['otpprocess.php']?.at(-1)).toEqual({ email: 'new@kitroom.in', otp: '123456' });

    press('Register');
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill all details');
    type('Name', 'Asha');
    type('Password', 'secret1');
    type('Mobile Number', '98765-43210');
    expect((screen.getByLabelText('Mobile Number') as HTMLInputElement).value).toBe('9876543210');

    api.on('signup.php', () => refuse(403, 'Please verify your email'));
    press('Register');
    await eventually(() =>
      expect(screen.getByRole('alert').textContent).toBe('Registration failed. Please try again.'),
    );

    api.on('signup.php', () =>
      ok({ success: true, email: 'new@kitroom.in', user_id: 9, session_id: 'h9' }),
    );
    api.on('cart_merge.php', () => ok({ cart_items: [] }));
    press('Register');
    await eventually(() => expect(where()).toBe('/checkOut'));
    expect(api.calls['signup.php']?.at(-1)).toEqual({
      name: 'Asha',
      email: 'new@kitroom.in',
      password: 'secret1',
      mobile_number: '9876543210',
    });
  });

  it('ends forgot password with a new password, then logs in', async () => {
    const api = fakeApi();
    api.on('PHPMailer/send_email.php', () => ok({ status: 'success', message: 'sent' }));
    api.on('otpprocess.php', () => ok({ email: 'asha@kitroom.in', user_code: 5, session_id: 'h' }));
    api.on('cart_merge.php', () => ok({ cart_items: [] }));
    renderApp(routes, '/login?redirect=%2FmyAccount');
    type('Email', 'asha@kitroom.in');
    press('forgot password?');
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@kitroom.in');
    press('Send OTP');
    await screen.findByRole('heading', { name: 'Enter OTP' });
    type('OTP', '654321');
    press('Verify');
    await screen.findByRole('heading', { name: 'Set a New Password' });
    expect(where()).toBe('/login?redirect=%2FmyAccount');
    expect(localStorage.getItem('userData')).toBeNull();

    type('New Password', 'fresh-pass');
    type('Confirm New Password', 'fresh-pas');
    press('Save Password');
    expect((await screen.findByRole('alert')).textContent).toBe('The two passwords do not match.');

    api.on('reset_password.php', () =>
      refuse(403, 'Please verify your email with a new OTP before setting a new password.'),
    );
    type('Confirm New Password', 'fresh-pass');
    press('Save Password');
    await eventually(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Please verify your email with a new OTP before setting a new password.',
      ),
    );

    api.on('reset_password.php', () =>
      ok({
        success: true,
        message: 'Your password has been changed. You have been logged out everywhere else.',
      }),
    );
    press('Save Password');
    await eventually(() => expect(where()).toBe('/myAccount'));
    expect(api.calls['reset_password.php']?.at(-1)).toEqual({ user_id: 5, password: 'fresh-pass' });
    expect(JSON.parse(localStorage.getItem('userData')!).user_code).toBe(5);
    // The alert's dialog loads with the first alert.
    const notice = await screen.findByRole('alertdialog', { name: 'Password changed' });
    expect(notice.textContent).toContain('You have been logged out everywhere else.');
    press('OK');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('lets a forgot-password shopper skip the new password', async () => {
    const api = fakeApi();
    api.on('PHPMailer/send_email.php', () => ok({ status: 'success', message: 'sent' }));
    api.on('otpprocess.php', () => ok({ email: 'asha@kitroom.in', user_code: 5, session_id: 'h' }));
    api.on('cart_merge.php', () => ok({ cart_items: [] }));
    renderApp(routes, '/login');
    type('Email', 'asha@kitroom.in');
    press('forgot password?');
    press('Send OTP');
    await screen.findByRole('heading', { name: 'Enter OTP' });
    type('OTP', '654321');
    press('Verify');
    await screen.findByRole('heading', { name: 'Set a New Password' });
    press('Not now');
    await eventually(() => expect(where()).toBe('/'));
    expect(api.calls['reset_password.php']).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('userData')!).user_code).toBe(5);
  });

  it('logs an existing user in from the register screen without asking for a password', async () => {
    const api = fakeApi();
    api.on('PHPMailer/send_email.php', () => ok({ status: 'success', message: 'sent' }));
    api.on('otpprocess.php', () => ok({ email: 'asha@kitroom.in', user_code: 5, session_id: 'h' }));
    api.on('cart_merge.php', () => ok({ cart_items: [] }));
    renderApp(routes, '/register');
    type('Email', 'asha@kitroom.in');
    press('Send OTP');
    await screen.findByRole('heading', { name: 'Enter OTP' });
    type('OTP', '654321');
    press('Verify');
    await eventually(() => expect(where()).toBe('/'));
    expect(JSON.parse(localStorage.getItem('userData')!).user_code).toBe(5);
  });

  it('enables Resend OTP and Change Email when the 60 s countdown reaches 0', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const api = fakeApi();
      api.on('PHPMailer/send_email.php', () => ok({ status: 'success', message: 'sent' }));
      renderApp(routes, '/register');
      type('Email', 'asha@kitroom.in');
      press('Send OTP');
      await screen.findByRole('heading', { name: 'Enter OTP' });
      const resend = screen.getByRole('button', { name: 'Resend OTP' }) as HTMLButtonElement;
      const change = screen.getByRole('button', { name: 'Change Email' }) as HTMLButtonElement;
      expect(screen.getByText('1:00')).toBeTruthy();
      expect(resend.disabled && change.disabled).toBe(true);
      // The countdown's interval starts in an effect, which may run after the heading shows.
      await act(async () => undefined);

      // The clock moves at once; the screen follows at the countdown's next tick, which may
      // be the effect's first (it runs in its own task on a busy machine).
      act(() => void vi.advanceTimersByTime(59_000));
      await eventually(() => expect(screen.getByText('0:01')).toBeTruthy());
      expect(resend.disabled).toBe(true);
      act(() => void vi.advanceTimersByTime(1_000));
      await eventually(() => expect(resend.disabled || change.disabled).toBe(false));

      api.on('PHPMailer/send_email.php', () => refuse(429, 'Please wait'));
      press('Resend OTP');
      await eventually(() =>
        expect(screen.getByRole('alert').textContent).toBe('Please try again.'),
      );

      api.on('PHPMailer/send_email.php', () =>
        ok({ status: 'success', message: 'A new OTP has been sent to asha@kitroom.in.' }),
      );
      press('Resend OTP');
      await eventually(() =>
        expect(screen.getByRole('status').textContent).toBe(
          'A new OTP has been sent to asha@kitroom.in.',
        ),
      );
      expect(api.calls['PHPMailer/send_email.php']?.at(-1)).toEqual({
        email: 'asha@kitroom.in',
        action: 'resend',
      });
      expect(screen.getByText('1:00')).toBeTruthy();
      expect(resend.disabled).toBe(true);

      // Change Email returns to the login view (spec section 4); a code asked from there
      // is for a changed address.
      act(() => void vi.advanceTimersByTime(60_000));
      await eventually(() => expect(change.disabled).toBe(false));
      press('Change Email');
      expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
      type('Email', 'other@kitroom.in');
      press('forgot password?');
      press('Send OTP');
      await screen.findByRole('heading', { name: 'Enter OTP' });
      expect(api.calls['PHPMailer/send_email.php']?.at(-1)).toEqual({
        email: 'other@kitroom.in',
        action: 'change',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
