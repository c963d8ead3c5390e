// The end of 'forgot password?': the code logged the shopper in, and this browser may now set
// a new password without the old one (once, within 15 minutes). Every other session ends.
// 'Not now' keeps the old password and goes on logged in.
import { useState, type FormEvent } from 'react';
import { resetPassword } from '@/api/account-calls';
import { messageOf } from '@/api/client';
import { statusOf } from '@/api/failure';
import { showAlert } from '@/ui/alert';
import { buttonClass } from '@/ui/button-class';
import { FormMessage } from '@/ui/form-field';
import { AUTH_TEXTS, newPasswordProblem } from './auth-rules';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './new-password-fields';
import type { UserData } from './user-storage';

interface NewPasswordStepProps {
  email: string;
  userId: UserData['user_code'];
  /** Logs the shopper in on this browser and leaves the login page. */
  onDone: () => Promise<void>;
}

export function NewPasswordStep({ email, userId, onDone }: NewPasswordStepProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const response = await resetPassword({ user_id: userId, password });
      showAlert(response.message, 'Password changed');
      await onDone();
    } catch (failure) {
      setBusy(false);
      // 403: the code's permission has run out or was used; 429: how long to wait.
      const status = statusOf(failure);
      setError(
        status === 403 || status === 429 || status === 400
          ? messageOf(failure, AUTH_TEXTS.passwordChangeFailed)
          : AUTH_TEXTS.passwordChangeFailed,
      );
    }
  }

  return (
    <AuthCard
      title="Set a New Password"
      subtitle={
        <>
          You are logged in as <strong className="text-ink">{email}</strong>. Choose a new password;
          every other device will be logged out.
        </>
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
        />
        <FormMessage text={error} />
        <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full')}>
          {busy ? 'Saving...' : 'Save Password'}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void onDone()}
          className={buttonClass('ghost', 'w-full')}
        >
          Not now
        </button>
      </form>
    </AuthCard>
  );
}
