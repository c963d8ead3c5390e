// The login view: Welcome, email, password, 'forgot password?' and a Sign Up link.
import { useState, type FormEvent } from 'react';
import { Link } from '@/ui/router';
import { logIn } from '@/api/account-calls';
import { messageOf } from '@/api/client';
import { statusOf } from '@/api/failure';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextField } from '@/ui/form-field';
import { AUTH_TEXTS, loginProblem } from './auth-rules';
import { AuthCard } from './auth-card';
import type { UserData } from './user-storage';

interface LoginFormProps {
  registerHref: string;
  onForgot: (email: string) => void;
  onLoggedIn: (user: UserData) => Promise<void>;
}

export function LoginForm({ registerHref, onForgot, onLoggedIn }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = loginProblem(email, password);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const response = await logIn({ email: email.trim(), password });
      await onLoggedIn({
        email: response.email,
        user_code: response.user_id,
        session_id: response.session_id,
      });
    } catch (failure) {
      const status = statusOf(failure);
      // 400 is an address the server cannot read: the same response as a wrong one. 429 says
      // how long to wait, which the shopper needs to know.
      if (status === 401 || status === 400) setError(AUTH_TEXTS.loginFailed);
      else if (status === 429) setError(messageOf(failure, AUTH_TEXTS.loginError));
      else setError(AUTH_TEXTS.loginError);
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Welcome" subtitle="Log in to check out, see your orders and more.">
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
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          maxLength={128}
        />
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => onForgot(email.trim())}
            className="text-sm font-semibold text-ink underline underline-offset-2 hover:text-muted"
          >
            forgot password?
          </button>
        </div>
        <FormMessage text={error} />
        <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full')}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        New to Kitroom?{' '}
        <Link to={registerHref} className="font-semibold text-ink underline underline-offset-2">
          Sign Up
        </Link>
      </p>
    </AuthCard>
  );
}
