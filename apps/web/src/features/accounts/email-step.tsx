// Register / Forgot Password: the email step with Send OTP.
import { useState, type FormEvent, type ReactNode } from 'react';
import { sendOtpMail } from '@/api/account-calls';
import { messageOf } from '@/api/client';
import { statusOf } from '@/api/failure';
import { showAlert } from '@/ui/alert';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextField } from '@/ui/form-field';
import { AUTH_TEXTS, emailProblem } from './auth-rules';
import { AuthCard } from './auth-card';

interface EmailStepProps {
  title: string;
  initialEmail: string;
  /** After Change Email the next mail is a 'change' one. */
  action: 'send' | 'change';
  onSent: (email: string, message: string) => void;
  footer: ReactNode;
}

export function EmailStep({ title, initialEmail, action, onSent, footer }: EmailStepProps) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const response = await sendOtpMail({ email: email.trim(), action });
      onSent(email.trim().toLowerCase(), response.message);
    } catch (failure) {
      setBusy(false);
      // A wait imposed by the server ('Please wait 40 seconds ...') is worth showing as is.
      if (statusOf(failure) === 429) setError(messageOf(failure, AUTH_TEXTS.sendFailed));
      else showAlert(AUTH_TEXTS.sendFailed);
    }
  }

  return (
    <AuthCard title={title} subtitle="We will email you a 6-digit code.">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          maxLength={254}
        />
        <FormMessage text={error} />
        <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full')}>
          {busy ? 'Sending...' : 'Send OTP'}
        </button>
      </form>
      <div className="mt-6 text-center text-sm text-muted">{footer}</div>
    </AuthCard>
  );
}
