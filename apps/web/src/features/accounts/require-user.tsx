// The access guard of the protected routes (spec sections 4 and 6): user data must be
// present and check_session.php must confirm that the `access` cookie's session is the one
// userData names. A visitor is sent to /login?redirect=<this page>; a user whose session
// check fails is logged out and goes home (spec section 4).
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { checkSession } from '@/api/account-calls';
import { isNetworkFailure } from '@/api/failure';
import { buttonClass } from '@/ui/dialog';
import { Loader } from '@/ui/loader';
import { loginPath } from '@/ui/paths';
import { AUTH_TEXTS, type LoginLocationState } from './auth-rules';
import { selectUser, useSessionDispatch, useSessionSelector } from './session-slice';
import { endSession } from './session-thunks';
import { rememberVerified, wasVerified } from './verified-sessions';

type Check = 'checking' | 'ok' | 'ended' | 'offline';

export default function RequireUser({ children }: { children?: ReactNode }) {
  const user = useSessionSelector(selectUser);
  const dispatch = useSessionDispatch();
  const location = useLocation();
  const sessionId = user?.session_id ?? null;
  const [check, setCheck] = useState<{ id: string | null; state: Check }>(() => ({
    id: sessionId,
    state: sessionId !== null && wasVerified(sessionId) ? 'ok' : 'checking',
  }));
  const [attempt, setAttempt] = useState(0);
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    if (sessionId === null) return;
    if (wasVerified(sessionId)) {
      setCheck({ id: sessionId, state: 'ok' });
      return;
    }
    const controller = new AbortController();
    setCheck({ id: sessionId, state: 'checking' });
    checkSession(sessionId, { signal: controller.signal }).then(
      () => {
        rememberVerified(sessionId);
        setCheck({ id: sessionId, state: 'ok' });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isNetworkFailure(failure)) {
          setCheck({ id: sessionId, state: 'offline' });
          return;
        }
        setCheck({ id: sessionId, state: 'ended' });
        setEnded(true);
        void dispatch(endSession());
      },
    );
    return () => controller.abort();
  }, [sessionId, attempt, dispatch]);

  if (ended) return <Navigate to="/" replace />;
  if (user === null) {
    const here = `${location.pathname}${location.search}`;
    const state: LoginLocationState = { returnState: location.state };
    return <Navigate to={loginPath(here)} replace state={state} />;
  }
  const current = check.id === sessionId ? check.state : 'checking';
  if (current === 'offline') {
    return (
      <div className="flex flex-col items-center gap-4 px-4 py-20 text-center">
        <p role="alert" className="font-semibold">
          {AUTH_TEXTS.offline}
        </p>
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => setAttempt((n) => n + 1)}
        >
          Try again
        </button>
      </div>
    );
  }
  if (current !== 'ok') return <Loader label="Checking your session" className="min-h-[50vh]" />;
  return children ?? <Outlet />;
}
