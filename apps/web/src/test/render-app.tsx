// Renders part of the storefront with the real store (cart and session) inside a router.
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { sessionReducer, initialSessionState } from '@/features/accounts/session-slice';
import { cartReducer, initialCartState } from '@/features/cart/cart-slice';
import { cartSyncMiddleware } from '@/features/cart/cart-sync';
import { AlertHost } from '@/ui/alert';

export function makeStore() {
  return configureStore({
    reducer: { cart: cartReducer, session: sessionReducer },
    preloadedState: { cart: initialCartState(), session: initialSessionState() },
    middleware: (getDefault) => getDefault().concat(cartSyncMiddleware),
  });
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
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        {beside}
        <Routes>
          {routes}
          <Route path="*" element={null} />
        </Routes>
        <Where />
        <AlertHost />
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
}

export function logInLocally(userCode = 5): void {
  localStorage.setItem(
    'userData',
    JSON.stringify({ email: 'asha@kitroom.in', user_code: userCode, session_id: 'handle' }),
  );
}
