// The providers around the routes, the same on the server and in the browser, so that the
// markup the server renders is what the browser hydrates.
import { StrictMode, type ReactNode } from 'react';
import { InitialDataContext, type InitialData } from '@/api/initial-data';
import { OriginContext } from '@/ui/origin';
import { StoreProvider } from '@/ui/small-store';
import type { RootState, RootStore } from './store';

interface StorefrontProps {
  store: RootStore;
  /** The state the server rendered with (see withoutBrowserStorage). */
  serverState: RootState;
  initialData: InitialData;
  /** Given on the server; the browser uses its own location. */
  origin?: string;
  /** The router with the routes. */
  children: ReactNode;
}

export function Storefront({ store, serverState, initialData, origin, children }: StorefrontProps) {
  return (
    <StrictMode>
      <InitialDataContext value={initialData}>
        <OriginContext value={origin}>
          <StoreProvider store={store} serverState={serverState}>
            {children}
          </StoreProvider>
        </OriginContext>
      </InitialDataContext>
    </StrictMode>
  );
}
