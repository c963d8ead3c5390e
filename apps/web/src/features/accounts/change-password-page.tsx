// /myAccount/changePassword: the current password, then a new one twice. Every other session
// of the shopper ends; this one goes on.
import { useState, type FormEvent } from 'react';
import { changePassword } from '@/api/account-calls';
import { messageOf } from '@/api/client';
import { statusOf } from '@/api/failure';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextField } from '@/ui/form-field';
import { AUTH_TEXTS, newPasswordProblem } from './auth-rules';
import { NewPasswordFields } from './new-password-fields';
import { selectUserId, useSessionSelector } from './session-slice';
import { useSessionEnded } from './use-session-ended';

export default function ChangePasswordPage() {
  const userId = useSessionSelector(selectUserId);
  const sessionEnded = useSessionEnded();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const problem =
      current === ''
        ? AUTH_TEXTS.currentPasswordRequired
        : newPasswordProblem(password, confirmation);
    setError(problem);
    if (problem || userId === null) return;
    setBusy(true);
    try {
      const response = await changePassword({
        user_id: userId,
        current_password: current,
        new_password: password,
      });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setDone(response.message);
    } catch (failure) {
      if (sessionEnded(failure)) return;
      // 400: the current password is wrong; 429: how long to wait.
      const status = statusOf(failure);
      setError(
        status === 400 || status === 429
          ? messageOf(failure, AUTH_TEXTS.passwordChangeFailed)
          : AUTH_TEXTS.passwordChangeFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="max-w-md space-y-4 rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <TextField
        label="Current Password"
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        maxLength={128}
      />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      <p className="text-sm text-muted">
        Changing your password logs you out on every other phone and computer.
      </p>
      <FormMessage text={error} />
      <FormMessage text={done} tone="info" />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full sm:w-auto')}>
        {busy ? 'Saving...' : 'Change Password'}
      </button>
    </form>
  );
}
