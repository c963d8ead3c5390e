// The storefront as the browser runs it: this page's inlined answers, the store with the
// browser's own cart and user, and the state the server rendered with, for hydration.
import { BrowserRouter } from 'react-router';
import { inlined } from '@/api/calls';
import { browserInitialData } from '@/api/initial-data';
import { AppRoutes } from './routes';
import { createStore, withoutBrowserStorage } from './store';
import { Storefront } from './storefront';

export function createBrowserApp() {
  const store = createStore(inlined.home()(browserInitialData));
  return (
    <Storefront
      store={store}
      serverState={withoutBrowserStorage(store.getState())}
      initialData={browserInitialData}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Storefront>
  );
}
