// The overlays the shell owns (cart panel, search overlay) and who may open them.
import { createContext, useContext } from 'react';

export interface Shell {
  openCart: () => void;
  openSearch: () => void;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell() is used outside the app layout');
  return shell;
}
