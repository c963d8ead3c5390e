// The access guard of the protected routes (spec sections 4 and 6): user data must be
// present and check_session.php must confirm that the `access` cookie's session is the one
// userData names. A visitor is sent to /login?redirect=<this page>; a user whose session
// check fails is logged out and goes home (spec section 4).
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from '@/ui/router';
import { checkSession } from '@/api/account-calls';
import { isNetworkFailure } from '@/api/failure';
import { useApi } from '@/api/use-api';
import { buttonClass } from '@/ui/button-class';
import { Loader } from '@/ui/loader';
import { loginPath } from '@/ui/paths';
import { AUTH_TEXTS, type LoginLocationState } from './auth-rules';
import { selectUser, useSessionDispatch, useSessionSelector } from './session-slice';
import { endSession } from './session-thunks';
import { rememberVerified, wasVerified } from './verified-sessions';

export default function RequireUser({
  children,
  fallback,
}: {
  children?: ReactNode;
  /** Shown while the session is checked (a page's frame); else a loader says so. */
  fallback?: ReactNode;
}) {
  const user = useSessionSelector(selectUser);
  const dispatch = useSessionDispatch();
  const location = useLocation();
  const sessionId = user?.session_id ?? null;
  // Confirmed during this visit: not asked again for a few minutes (verified-sessions.ts).
  const [verifiedAtMount] = useState(() =>
    sessionId !== null && wasVerified(sessionId) ? sessionId : null,
  );
  const verified = sessionId !== null && verifiedAtMount === sessionId;
  const [attempt, setAttempt] = useState(0);
  const [ended, setEnded] = useState(false);
  // Never cached: each visit to a protected page asks (after the few minutes above).
  const check = useApi(
    sessionId === null || verified ? null : `session ${sessionId} ${attempt}`,
    (signal) => checkSession(sessionId ?? '', { signal }),
    { cache: false },
  );
  const offline = check.error !== undefined && isNetworkFailure(check.error);

  useEffect(() => {
    if (sessionId !== null && check.data !== undefined) rememberVerified(sessionId);
  }, [sessionId, check.data]);

  useEffect(() => {
    if (check.error !== undefined && !isNetworkFailure(check.error)) setEnded(true);
  }, [check.error]);
  // Forgotten only once the guard is sending them home: forgetting the user in the same
  // effect let a render see no user before it saw `ended` (the store's update is synchronous,
  // the state's is not), and that render sent them to the login page instead.
  useEffect(() => {
    if (ended) void dispatch(endSession());
  }, [ended, dispatch]);

  if (ended) return <Navigate to="/" replace />;
  if (user === null) {
    const here = `${location.pathname}${location.search}`;
    const state: LoginLocationState = { returnState: location.state };
    return <Navigate to={loginPath(here)} replace state={state} />;
  }
  if (offline) {
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
  if (!verified && check.data === undefined) {
    return fallback ?? <Loader label="Checking your session" className="min-h-[50vh]" />;
  }
  return children ?? <Outlet />;
}
