import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createBrowserHistory,
  createMemoryHistory,
  Link,
  matchRoutes,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type RouteObject,
  type Update,
} from './router';

/** Where the router is: its address, its state and how it got there. */
function Where() {
  const location = useLocation();
  return (
    <p
      data-testid="where"
      data-state={JSON.stringify(location.state)}
      data-type={useNavigationType()}
    >
      {`${location.pathname}${location.search}${location.hash}`}
    </p>
  );
}

const where = () => screen.getByTestId('where');

/**
 * Clicks `link` and says whether the app took the click (prevented the browser's own
 * navigation). The document stops the browser's navigation after the app has had its say,
 * since jsdom cannot load another document.
 */
function appTakes(link: HTMLElement, init?: MouseEventInit): boolean {
  let taken = false;
  const afterApp = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', afterApp, { once: true });
  fireEvent.click(link, init);
  return taken;
}

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

function at(path: string, ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Where />
      <Back />
    </MemoryRouter>,
  );
}

const ids = (routes: RouteObject[], path: string) =>
  matchRoutes(routes, path)?.map(({ route }) => route.id);

describe('matching', () => {
  const table: RouteObject[] = [
    {
      id: 'root',
      children: [
        { id: 'home', index: true },
        { id: 'category', path: 'shop/:category' },
        { id: 'teams', path: 'shop/teams' },
        { id: 'giveaway', path: 'giveaway/:slug?' },
        { id: 'search', path: 'search' },
        { id: 'searchTerm', path: 'search/:term' },
        { id: 'link', path: 'link/*' },
        {
          id: 'account',
          path: 'account',
          children: [
            { id: 'profile', index: true },
            { id: 'orders', path: 'orders' },
          ],
        },
        { id: 'notFound', path: '*' },
      ],
    },
  ];

  it('ranks a static segment before a param, whatever their order in the table', () => {
    expect(ids(table, '/shop/teams')).toEqual(['root', 'teams']);
    expect(matchRoutes(table, '/shop/shirts')?.at(-1)?.params).toEqual({ category: 'shirts' });
  });

  it('matches an optional param with and without it', () => {
    expect(matchRoutes(table, '/giveaway')?.at(-1)?.route.id).toBe('giveaway');
    expect(matchRoutes(table, '/giveaway')?.at(-1)?.params).toEqual({});
    expect(matchRoutes(table, '/giveaway/onam')?.at(-1)?.params).toEqual({ slug: 'onam' });
    expect(ids(table, '/giveaway/onam/more')).toEqual(['root', 'notFound']);
  });

  it('tells a page from the same page with a param', () => {
    expect(ids(table, '/search')).toEqual(['root', 'search']);
    expect(matchRoutes(table, '/search/messi')?.at(-1)?.params).toEqual({ term: 'messi' });
  });

  it('gives the rest of the address to a splat, and anything unknown to the catch-all', () => {
    expect(matchRoutes(table, '/link/c/abc')?.at(-1)?.params).toEqual({ '*': 'c/abc' });
    expect(matchRoutes(table, '/link')?.at(-1)?.params).toEqual({ '*': '' });
    expect(matchRoutes(table, '/no/such/page')?.at(-1)?.params).toEqual({ '*': 'no/such/page' });
  });

  it('renders a layout’s index child at its own path, and its other children below it', () => {
    expect(ids(table, '/')).toEqual(['root', 'home']);
    expect(ids(table, '/account')).toEqual(['root', 'account', 'profile']);
    expect(ids(table, '/account/orders')).toEqual(['root', 'account', 'orders']);
  });

  it('ignores case and trailing slashes, and decodes params', () => {
    expect(ids(table, '/ACCOUNT/Orders/')).toEqual(['root', 'account', 'orders']);
    expect(matchRoutes(table, '/search/kerala%20blasters')?.at(-1)?.params).toEqual({
      term: 'kerala blasters',
    });
    // An encoded slash stays inside its param; a malformed escape is left as it came.
    expect(matchRoutes(table, '/search/a%2Fb')?.at(-1)?.params).toEqual({ term: 'a/b' });
    expect(matchRoutes(table, '/search/100%')?.at(-1)?.params).toEqual({ term: '100%' });
  });

  it('matches nothing when the table has no catch-all', () => {
    expect(matchRoutes([{ path: 'a' }], '/b')).toBeNull();
  });
});

describe('rendering routes', () => {
  function Team() {
    return <h1>{`Team ${useParams().slug ?? ''}`}</h1>;
  }

  it('renders the matched page inside its layouts, with its params', () => {
    at(
      '/teams/kerala',
      <Routes>
        <Route
          element={
            <section aria-label="Layout">
              <Outlet />
            </section>
          }
        >
          <Route path="/teams/:slug" element={<Team />} />
        </Route>
      </Routes>,
    );
    expect(screen.getByRole('region', { name: 'Layout' }).textContent).toContain('Team kerala');
  });
});

describe('links', () => {
  const links = (
    <>
      <Link to="/product/7" state={{ from: 'card' }}>
        Shirt
      </Link>
      <Link to="/product/8" target="_blank">
        New tab
      </Link>
      <Link to="/invoice.pdf" download>
        Invoice
      </Link>
      <Link to="/cart" replace>
        Cart
      </Link>
    </>
  );

  it('renders a real address', () => {
    at('/', links);
    expect(screen.getByRole('link', { name: 'Shirt' }).getAttribute('href')).toBe('/product/7');
  });

  it('follows a plain left click in the app, with its state, and Back returns', () => {
    at('/', links);
    expect(appTakes(screen.getByRole('link', { name: 'Shirt' }))).toBe(true);
    expect(where().textContent).toBe('/product/7');
    expect(where().getAttribute('data-state')).toBe('{"from":"card"}');
    expect(where().getAttribute('data-type')).toBe('PUSH');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(where().textContent).toBe('/');
    expect(where().getAttribute('data-type')).toBe('POP');
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle', { button: 1 }],
  ])('leaves a %s click to the browser', (_name, init) => {
    at('/', links);
    const link = screen.getByRole('link', { name: 'Shirt' });
    expect(appTakes(link, init)).toBe(false);
    expect(where().textContent).toBe('/');
  });

  it('leaves a link to another window, and a download, to the browser', () => {
    at('/', links);
    expect(appTakes(screen.getByRole('link', { name: 'New tab' }))).toBe(false);
    expect(appTakes(screen.getByRole('link', { name: 'Invoice' }))).toBe(false);
    expect(where().textContent).toBe('/');
  });

  it('replaces the entry when asked, so Back skips it', () => {
    at('/', links);
    fireEvent.click(screen.getByRole('link', { name: 'Shirt' }));
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(where().textContent).toBe('/cart');
    expect(where().getAttribute('data-type')).toBe('REPLACE');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(where().textContent).toBe('/');
  });

  it('marks the NavLink of the page shown, and its section’s unless `end`', () => {
    const className = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');
    at(
      '/myAccount/orders',
      <>
        <NavLink to="/myAccount" end className={className}>
          Profile
        </NavLink>
        <NavLink to="/myAccount" className={className}>
          Account
        </NavLink>
        <NavLink to="/myAccount/orders" className={className}>
          Orders
        </NavLink>
        <NavLink to="/" end className={className}>
          Home
        </NavLink>
      </>,
    );
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('Orders').getAttribute('aria-current')).toBe('page');
    expect(link('Orders').className).toBe('on');
    expect(link('Account').className).toBe('on');
    expect(link('Profile').hasAttribute('aria-current')).toBe(false);
    expect(link('Profile').className).toBe('off');
    expect(link('Home').className).toBe('off');
  });
});

describe('navigating from code', () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p>{`Team: ${params.get('team') ?? 'any'}`}</p>
        <button
          type="button"
          onClick={() => {
            const next = new URLSearchParams(params);
            next.set('sort', 'price-asc');
            setParams(next);
          }}
        >
          Sort
        </button>
      </>
    );
  }

  it('reads the query and writes a new one on the same path', () => {
    at('/allProducts?team=Kerala+Blasters', <Filters />);
    expect(screen.getByText('Team: Kerala Blasters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
    expect(where().textContent).toBe('/allProducts?team=Kerala+Blasters&sort=price-asc');
    expect(where().getAttribute('data-type')).toBe('PUSH');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(where().textContent).toBe('/allProducts?team=Kerala+Blasters');
  });

  it('<Navigate replace> goes on with its state, leaving no entry to come back to', () => {
    function Gate() {
      return useLocation().pathname === '/checkOut' ? (
        <Navigate to="/login?redirect=%2FcheckOut" replace state={{ back: true }} />
      ) : null;
    }
    const history = createMemoryHistory({ initialEntries: ['/', '/checkOut'] });
    function Shown() {
      const [update, setUpdate] = useState<Update>({
        action: history.action,
        location: history.location,
      });
      useLayoutEffect(() => history.listen(setUpdate), []);
      return (
        <Router location={update.location} navigationType={update.action} navigator={history}>
          <Gate />
          <Where />
        </Router>
      );
    }
    render(<Shown />);
    expect(where().textContent).toBe('/login?redirect=%2FcheckOut');
    expect(where().getAttribute('data-state')).toBe('{"back":true}');
    act(() => history.go(-1));
    expect(where().textContent).toBe('/');
  });
});

describe('the browser’s history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keeps each entry’s state and key, and tells its listener of Back and Forward', async () => {
    window.history.replaceState(null, '', '/');
    const history = createBrowserHistory();
    expect(history.location).toMatchObject({ pathname: '/', key: 'default', state: null });
    const updates: Update[] = [];
    const stop = history.listen((update) => updates.push(update));
    history.push('/product/7?size=M', { from: 'card' });
    const product = history.location;
    expect(window.location.pathname + window.location.search).toBe('/product/7?size=M');
    expect(window.history.state).toEqual({ usr: { from: 'card' }, key: product.key });
    history.push('/cart');
    history.replace('/checkOut');
    expect(updates.map((u) => u.action)).toEqual(['PUSH', 'PUSH', 'REPLACE']);

    const popped = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    history.go(-1);
    await popped;
    expect(updates.at(-1)?.action).toBe('POP');
    expect(history.location).toMatchObject({
      pathname: '/product/7',
      search: '?size=M',
      state: { from: 'card' },
      key: product.key,
    });
    stop();
  });
});

describe('the server’s router', () => {
  it('renders the one address it was given', () => {
    render(
      <StaticRouter location="/searchPage/messi?sort=newest">
        <Where />
      </StaticRouter>,
    );
    expect(where().textContent).toBe('/searchPage/messi?sort=newest');
    expect(where().getAttribute('data-type')).toBe('POP');
  });
});
