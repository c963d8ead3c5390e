// The one source of "who is signed in": the `me` call, cached by TanStack Query. The signed-in
// shell provides it; pages read it with useSession().
import type { Permission, SignedInResponse } from '@kitroom/contract/admin';
import { createContext, useContext } from 'react';

export const SessionContext = createContext<SignedInResponse | null>(null);

export function useSession(): SignedInResponse {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside the signed-in shell');
  return session;
}

export function useMay(permission: Permission): boolean {
  return useSession().permissions.includes(permission);
}
