// Renders part of the storefront with the real store (cart and session) inside a router.
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  createRoutesFromElements,
  MemoryRouter,
  Route,
  Routes,
  createMemoryHistory,
  useLocation,
  useRoutes,
  type InitialEntry,
  type RouteObject,
} from '@/ui/router';
import type { CartItem } from '@kitroom/contract';
import { LoadingRouter } from '@/app/loading-router';
import { createLocalStore } from '@/app/store';
import { loadPage } from '@/api/page-data';
import { AlertHost } from '@/ui/alert';
import { StoreProvider } from '@/ui/small-store';

/** The app's cart and session: the cart from `items` or the local copy, the user from userData. */
export function makeStore(items?: CartItem[]) {
  return createLocalStore(items);
}

/** Shows where the router is: path, query and navigation state. */
function Where() {
  const location = useLocation();
  return (
    <div data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </div>
  );
}

/**
 * `routes` are <Route> elements; any other path renders only the location probe. `beside`
 * renders next to the routes, as the app's keepers do.
 */
export function renderApp(routes: ReactNode, at: InitialEntry, beside?: ReactNode) {
  const store = makeStore();
  const view = render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[at]}>
        {beside}
        <Routes>
          {routes}
          <Route path="*" element={null} />
        </Routes>
        <Where />
        <AlertHost />
      </MemoryRouter>
    </StoreProvider>,
  );
  return { store, ...view };
}

function LoadedRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * As renderApp, with the routes' loaders run as the app runs them (app/browser-app.tsx): the
 * page is loaded (its loader's data), then rendered, once the code of its parts has loaded (a
 * navigation waits for them, ui/deferred-part.tsx).
 */
export async function renderLoadedApp(routes: ReactNode, at: InitialEntry) {
  const store = makeStore();
  const routeObjects = createRoutesFromElements(
    <>
      {routes}
      <Route path="*" element={null} />
    </>,
  );
  const history = createMemoryHistory({ initialEntries: [at] });
  const data = await loadPage(routeObjects, history.location);
  let view: RenderResult | undefined;
  await act(async () => {
    view = render(
      <StoreProvider store={store}>
        <LoadingRouter routes={routeObjects} history={history} data={data}>
          <LoadedRoutes routes={routeObjects} />
          <Where />
          <AlertHost />
        </LoadingRouter>
      </StoreProvider>,
    );
  });
  return { store, ...view! };
}

/** Renders `ui` inside the app's store (cart and session, as makeStore makes them). */
export function renderWithStore(ui: ReactNode) {
  const store = makeStore();
  return { store, ...render(<StoreProvider store={store}>{ui}</StoreProvider>) };
}

export function logInLocally(userCode = 5): void {
  localStorage.setItem(
    'userData',
    JSON.stringify({ email: 'asha@kitroom.in', user_code: userCode, session_id: 'handle' }),
  );
}
