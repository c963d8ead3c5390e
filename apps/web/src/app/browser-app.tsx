// The storefront as the browser runs it: the route table under the loading router, the
// store with the browser's own cart and user, and the state the server rendered with, for
// hydration.
import { createBrowserHistory } from '@/ui/router';
import { browserInitialData } from '@/api/initial-data';
import { LoadingRouter } from './loading-router';
import { inlinedCaller, loadPage, notLoaded } from '@/api/page-data';
import { AppRoutes, routes } from './routes';
import { createStore, withoutBrowserStorage } from './store';
import { Storefront } from './storefront';

/**
 * The app, once its first page is loaded (its modules and data). `hydrating`: the page's
 * markup came from the server, so its loader reads the responses inlined with it alone (as
 * the server's did); a page the server rendered without them loads them once hydrated.
 */
export async function createBrowserApp({ hydrating }: { hydrating: boolean }) {
  const history = createBrowserHistory();
  const data = await loadPage(routes, history.location, {
    ...(hydrating ? { context: { call: inlinedCaller(browserInitialData) } } : {}),
  });
  const store = createStore();
  return (
    <Storefront
      store={store}
      serverState={withoutBrowserStorage(store.getState())}
      initialData={browserInitialData}
    >
      <LoadingRouter routes={routes} history={history} data={data} reload={notLoaded(data)}>
        <AppRoutes />
      </LoadingRouter>
    </Storefront>
  );
}
