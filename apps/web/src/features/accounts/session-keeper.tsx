// The session check of a page load outside the protected routes (spec section 4): when the
// browser remembers a user whose session the server no longer knows, the session is
// destroyed, local storage cleared and the shopper goes home. Protected routes check
// through their guard instead.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@/ui/router';
import { checkSession } from '@/api/account-calls';
import { isNetworkFailure } from '@/api/failure';
import { selectUser, useSessionDispatch, useSessionSelector } from './session-slice';
import { endSession } from './session-thunks';
import { rememberVerified } from './verified-sessions';

const GUARDED = /^\/(?:checkOut|reviewOrdersDetails|myAccount)(?:\/|$)/;

export default function SessionKeeper() {
  const user = useSessionSelector(selectUser);
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const checked = useRef(false);

  useEffect(() => {
    // Once per page load, for the user the browser remembered when the shop opened.
    if (checked.current) return;
    checked.current = true;
    if (!user || GUARDED.test(pathname)) return;
    const sessionId = user.session_id;
    checkSession(sessionId).then(
      () => rememberVerified(sessionId),
      (failure: unknown) => {
        // Offline is not a verdict on the session: the next page load asks again.
        if (isNetworkFailure(failure)) return;
        void dispatch(endSession()).then(() => navigate('/', { replace: true }));
      },
    );
  }, [user, pathname, dispatch, navigate]);

  return null;
}
