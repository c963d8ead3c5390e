// 'Register Your Details': name, password and mobile for a verified address; submitting
// creates the account and logs it in.
import { PASSWORD_MIN_LENGTH, type SignupResponse } from '@kitroom/contract';
import { useState, type FormEvent } from 'react';
import { signUp } from '@/api/account-calls';
import { messageOf } from '@/api/client';
import { statusOf } from '@/api/failure';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextField } from '@/ui/form-field';
import { AUTH_TEXTS, detailsProblem } from './auth-rules';
import { AuthCard } from './auth-card';

interface DetailsStepProps {
  email: string;
  onRegistered: (response: SignupResponse) => Promise<void>;
}

export function DetailsStep({ email, onRegistered }: DetailsStepProps) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = detailsProblem({ name, password, mobile });
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await onRegistered(
        await signUp({ name: name.trim(), email, password, mobile_number: mobile.trim() }),
      );
    } catch (failure) {
      setBusy(false);
      // An existing account is worth saying as it is: the shopper should log in instead.
      setError(
        statusOf(failure) === 409
          ? messageOf(failure, AUTH_TEXTS.registrationFailed)
          : AUTH_TEXTS.registrationFailed,
      );
    }
  }

  return (
    <AuthCard
      title="Register Your Details"
      subtitle={
        <>
          For <strong className="text-ink">{email}</strong>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
        />
        <TextField
          label="Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          maxLength={128}
        />
        <TextField
          label="Mobile Number"
          type="tel"
          name="mobile"
          autoComplete="tel-national"
          inputMode="numeric"
          hint="10 digits"
          value={mobile}
          onChange={(e) => setMobile(e.target.value.replace(/[^\d]/g, '').slice(0, 10))}
          maxLength={10}
        />
        <FormMessage text={error} />
        <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full')}>
          {busy ? 'Registering...' : 'Register'}
        </button>
      </form>
    </AuthCard>
  );
}
