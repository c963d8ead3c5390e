// The shop's address for links a page shares. The server renders with its PUBLIC_URL; the
// browser uses where it actually is (the same address in any real deployment).
import { createContext, useContext } from 'react';

export const OriginContext = createContext<string | undefined>(undefined);

export function useOrigin(): string {
  return useContext(OriginContext) ?? window.location.origin;
}
