// For calls of protected pages: a 401 means the session is over, so the user is forgotten
// and the access guard sends them to /login?redirect=<this page>.
import { useCallback } from 'react';
import { statusOf } from '@/api/failure';
import { useSessionDispatch } from './session-slice';
import { endSession } from './session-thunks';

/** Returns true (and ends the session) when the failure was a 401. */
export function useSessionEnded(): (failure: unknown) => boolean {
  const dispatch = useSessionDispatch();
  return useCallback(
    (failure: unknown) => {
      if (statusOf(failure) !== 401) return false;
      void dispatch(endSession());
      return true;
    },
    [dispatch],
  );
}
