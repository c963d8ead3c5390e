// The shell around every page: nav bar, footer, phone bottom bar, and the cart and search
// overlays and the phone menu (loaded the first time they open).
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { lazyPart } from '@/ui/lazy-part';
import { Outlet, useLocation, useNavigationType } from '@/ui/router';
import { dropInitialData } from '@/api/initial-data';
import { useNavigating } from '@/api/page-data';
import { selectUserId, type SessionState } from '@/features/accounts/session-slice';
import { loadCart, useCartDispatch } from '@/features/cart';
import { AlertHost } from '@/ui/alert';
import { Loader } from '@/ui/loader';
import { useStore } from '@/ui/small-store';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { ShellContext, type Shell } from './shell-context';

const CartPanel = lazyPart(() => import('@/features/cart/cart-panel'));
const SearchOverlay = lazyPart(() => import('@/features/search/search-overlay'));
const MobileMenu = lazyPart(() => import('./mobile-menu'));
// Only a followed link shows it, and only after 150 ms, so it loads when the first one starts.
const NavigationProgress = lazyPart(() => import('./navigation-progress'));

function LaterNavigationProgress() {
  const navigating = useNavigating();
  const [started, setStarted] = useState(false);
  if (navigating !== null && !started) setStarted(true);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <NavigationProgress />
    </Suspense>
  );
}

/** What shows while a page's code loads (and, for pages that depend on this browser, until
 * the page has hydrated). */
export function PageLoader() {
  return <Loader label="Loading page" className="min-h-[60vh]" />;
}

/**
 * New pages start at the top and take the focus; back and forward keep their place. A new
 * query on the same page (a filter, a sort) keeps the place and the focus of the control
 * that changed it.
 */
function useRouteFocus(main: React.RefObject<HTMLElement | null>) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(location.pathname);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dropInitialData();
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [location.pathname, navigationType, main]);
}

export function AppLayout() {
  const dispatch = useCartDispatch();
  const store = useStore<{ session: SessionState }>();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Overlays stay mounted after their first opening so that closing keeps their state light.
  const [cartLoaded, setCartLoaded] = useState(false);
  const [searchLoaded, setSearchLoaded] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);

  useRouteFocus(main);

  // Once, for the user the store holds when the shop opens (not on a later login: the login
  // merges the carts itself).
  useEffect(() => {
    void dispatch(loadCart(selectUserId(store.getState())));
  }, [dispatch, store]);

  const openCart = useCallback(() => {
    setCartLoaded(true);
    setCartOpen(true);
  }, []);
  const openSearch = useCallback(() => {
    setSearchLoaded(true);
    setSearchOpen(true);
  }, []);
  const shell = useMemo<Shell>(() => ({ openCart, openSearch }), [openCart, openSearch]);

  const overHero = pathname === '/';
  const openMenu = useCallback(() => {
    setMenuLoaded(true);
    setMenuOpen(true);
  }, []);

  return (
    <ShellContext.Provider value={shell}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-volt focus:px-4 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <LaterNavigationProgress />
      {/* The regions of a server-rendered page are Suspense boundaries, so the browser
          hydrates them one after another in short slices, not in one long task; a click on
          one not hydrated yet hydrates it first. */}
      <Suspense fallback={null}>
        <NavBar onMenu={openMenu} />
      </Suspense>
      {/* A page drawn on paper (login, account, checkout) paints all of main, so its grey
          reaches the footer however short the page is. */}
      <main
        id="main"
        ref={main}
        tabIndex={-1}
        className={`min-h-svh outline-none has-[>.bg-paper]:bg-paper ${overHero ? '' : 'pt-16'}`}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <div className="h-16 md:hidden" aria-hidden="true" />
      <Suspense fallback={null}>
        <BottomBar />
      </Suspense>
      <Suspense fallback={null}>
        {menuLoaded && <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />}
      </Suspense>
      <Suspense fallback={null}>
        {cartLoaded && <CartPanel open={cartOpen} onClose={() => setCartOpen(false)} />}
        {searchLoaded && <SearchOverlay open={searchOpen} onClose={() => setSearchOpen(false)} />}
      </Suspense>
      <AlertHost />
    </ShellContext.Provider>
  );
}
