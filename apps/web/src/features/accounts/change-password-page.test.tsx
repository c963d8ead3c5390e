import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import ChangePasswordPage from './change-password-page';

const routes = <Route path="/myAccount/changePassword" element={<ChangePasswordPage />} />;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('Change Password', () => {
  it('asks for the current password and the new one twice, then says what happened', async () => {
    logInLocally(5);
    const api = fakeApi();
    renderApp(routes, '/myAccount/changePassword');
    press('Change Password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter your current password.',
    );
    type('Current Password', 'old-pass');
    type('New Password', 'new-pass-1');
    type('Confirm New Password', 'new-pass-2');
    press('Change Password');
    expect(screen.getByRole('alert').textContent).toBe('The two passwords do not match.');
    expect(api.calls['change_password.php']).toBeUndefined();

    api.on('change_password.php', () => refuse(400, 'Your current password is not correct.'));
    type('Confirm New Password', 'new-pass-1');
    press('Change Password');
    await eventually(() =>
      expect(screen.getByRole('alert').textContent).toBe('Your current password is not correct.'),
    );

    api.on('change_password.php', () =>
      ok({
        success: true,
        message: 'Your password has been changed. You have been logged out everywhere else.',
      }),
    );
    press('Change Password');
    await eventually(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your password has been changed. You have been logged out everywhere else.',
      ),
    );
    expect(api.calls['change_password.php']?.at(-1)).toEqual({
      user_id: 5,
      current_password: 'old-pass',
      new_password: 'new-pass-1',
    });
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
