// /login and /register (spec sections 2, 4, 5, 8): the login view, and the email → OTP →
// details flow of registration and forgot password. A verified code logs an existing user
// in (after 'Set a New Password' when they came by 'forgot password?'); a new address goes
// on to 'Register Your Details'. Success goes to the redirect parameter; a user who arrives
// logged in is sent home. Change Email returns to the login view.
import type { OtpProcessResponse, SignupResponse } from '@kitroom/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '@/ui/router';
import { useTitle } from '@/ui/use-title';
import { redirectTarget, type LoginLocationState } from './auth-rules';
import { DetailsStep } from './details-step';
import { EmailStep } from './email-step';
import { LoginForm } from './login-form';
import { NewPasswordStep } from './new-password-step';
import { OtpStep } from './otp-step';
import { selectUser, useSessionDispatch, useSessionSelector } from './session-slice';
import { startSession } from './session-thunks';
import type { UserData } from './user-storage';

type View = 'login' | 'email' | 'otp' | 'details' | 'new-password';
type Purpose = 'register' | 'forgot';

function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

export default function LoginPage({ mode = 'login' }: { mode?: 'login' | 'register' }) {
  const user = useSessionSelector(selectUser);
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // The guard hands over the protected page's navigation state (checkout's lines).
  const returnState = (useLocation().state as LoginLocationState | null)?.returnState;
  const arrivedLoggedIn = useRef(user !== null);

  const [view, setView] = useState<View>(mode === 'register' ? 'email' : 'login');
  const [purpose, setPurpose] = useState<Purpose>('register');
  const [email, setEmail] = useState('');
  const [sentMessage, setSentMessage] = useState('');
  const [emailChanged, setEmailChanged] = useState(false);
  // A forgot-password code's login, held until the new password is set (or skipped).
  const [pendingLogin, setPendingLogin] = useState<UserData | null>(null);

  useTitle(view === 'login' ? 'Login' : purpose === 'forgot' ? 'Forgot Password' : 'Register');

  useEffect(() => {
    if (!user) return;
    if (arrivedLoggedIn.current) navigate('/', { replace: true });
    else navigate(redirectTarget(redirect), { replace: true, state: returnState });
  }, [user, redirect, returnState, navigate]);

  const logIn = async (data: UserData) => {
    await dispatch(startSession(data));
  };

  async function onVerified(response: OtpProcessResponse) {
    if ('user_code' in response) {
      const data = {
        email: response.email,
        user_code: response.user_code,
        session_id: response.session_id,
      };
      if (purpose === 'forgot') {
        setPendingLogin(data);
        setView('new-password');
      } else {
        await logIn(data);
      }
    } else {
      setView('details');
    }
  }

  async function onRegistered(response: SignupResponse) {
    await logIn({
      email: response.email,
      user_code: response.user_id,
      session_id: response.session_id,
    });
  }

  if (user && arrivedLoggedIn.current) return null;

  switch (view) {
    case 'login':
      return (
        <LoginForm
          registerHref={withRedirect('/register', redirect)}
          onForgot={(typed) => {
            setEmail(typed);
            setPurpose('forgot');
            setView('email');
          }}
          onLoggedIn={logIn}
        />
      );
    case 'email':
      return (
        <EmailStep
          title={purpose === 'forgot' ? 'Forgot Password' : 'Register'}
          initialEmail={email}
          action={emailChanged ? 'change' : 'send'}
          onSent={(sentTo, message) => {
            setEmail(sentTo);
            setSentMessage(message);
            setView('otp');
          }}
          footer={
            <>
              Already have an account?{' '}
              {mode === 'login' ? (
                <button
                  type="button"
                  onClick={() => setView('login')}
                  className="font-semibold text-ink underline underline-offset-2"
                >
                  Login
                </button>
              ) : (
                <Link
                  to={withRedirect('/login', redirect)}
                  className="font-semibold text-ink underline underline-offset-2"
                >
                  Login
                </Link>
              )}
            </>
          }
        />
      );
    case 'otp':
      return (
        <OtpStep
          email={email}
          sentMessage={sentMessage}
          onVerified={onVerified}
          onChangeEmail={() => {
            setEmailChanged(true);
            setView('login');
          }}
        />
      );
    case 'details':
      return <DetailsStep email={email} onRegistered={onRegistered} />;
    case 'new-password':
      if (!pendingLogin) return null;
      return (
        <NewPasswordStep
          email={pendingLogin.email}
          userId={pendingLogin.user_code}
          onDone={() => logIn(pendingLogin)}
        />
      );
  }
}
