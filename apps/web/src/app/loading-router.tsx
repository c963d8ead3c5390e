// The browser's router: ui/router.tsx's <Router> over the browser's history, except that a
// new address is shown once its page is loaded (page-data.ts's loadPage: the page's module
// and its loader's data). Until then the current page stays on screen and says what is
// loading (useNavigating). React Router's data router (createBrowserRouter) did this too, at
// 17 kB gzip more on every first load (decision 040); the storefront has since dropped React
// Router altogether (decision 080).
import { startTransition, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { loadPage, PageDataContext } from '@/api/page-data';
import {
  createPath,
  Router,
  type History,
  type Location,
  type NavigationType,
  type RouteObject,
} from '@/ui/router';

interface Shown {
  action: NavigationType;
  location: Location;
  data: unknown;
}

export function LoadingRouter({
  routes,
  history,
  data,
  reload = false,
  children,
}: {
  routes: RouteObject[];
  history: History;
  /** The first page's data, loaded before the app was rendered. */
  data: unknown;
  /** Load the first page's data again once mounted (it was rendered without it). */
  reload?: boolean;
  children: ReactNode;
}) {
  const [shown, setShown] = useState<Shown>(() => ({
    action: history.action,
    location: history.location,
    data,
  }));
  const [navigating, setNavigating] = useState<Location | null>(null);

  useLayoutEffect(() => {
    let controller: AbortController | undefined;
    const stop = history.listen(({ action, location }) => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      setNavigating(location);
      loadPage(routes, location, { signal: current.signal }).then(
        (next) => {
          if (current.signal.aborted) return;
          startTransition(() => {
            setShown({ action, location, data: next });
            setNavigating(null);
          });
        },
        () => {
          // The page's code could not be loaded (a new version was deployed meanwhile):
          // the browser loads the address itself.
          if (!current.signal.aborted) window.location.assign(createPath(location));
        },
      );
    });
    return () => {
      controller?.abort();
      stop();
    };
  }, [history, routes]);

  useEffect(() => {
    if (!reload) return;
    const controller = new AbortController();
    const { location } = history;
    setNavigating(location);
    void loadPage(routes, location, { signal: controller.signal }).then((next) => {
      if (controller.signal.aborted) return;
      setShown((s) => (s.location.key === location.key ? { ...s, data: next } : s));
      setNavigating(null);
    });
    return () => controller.abort();
  }, [reload, history, routes]);

  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history}>
      <PageDataContext value={{ data: shown.data, navigating }}>{children}</PageDataContext>
    </Router>
  );
}
