// The storefront's router (decision 080): the part of React Router 7 the shop used, in one
// module, so that every first load stops carrying React Router's 36 kB. Route objects are
// matched and ranked as React Router ranks them (static segments before `:params`, optional
// `:param?` segments tried both ways, `*` last), case-insensitively, with a trailing slash
// tolerated and params decoded. Histories: the browser's (history.state holds `{ usr, key }`
// as React Router's did), one in memory for tests, a fixed one for the server's render.
// What it does not do: relative links (`foo`, `..`), basenames, data routers, blockers.
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export type Params = Record<string, string | undefined>;

export interface Path {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** '' or '#…' */
  hash: string;
}

export interface Location extends Path {
  state: unknown;
  /** One per history entry ('default' for the first one). */
  key: string;
}

/** An absolute path, or a query or hash alone (on the current path). */
export type To = string | Partial<Path>;
export type InitialEntry = string | Partial<Location>;

export interface LoaderFunctionArgs {
  params: Params;
  request: Request;
  url: URL;
  pattern: string;
  context?: unknown;
}

export interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
  element?: ReactNode;
  Component?: ComponentType | null;
  /** The route's module, loaded by page-data.ts's loadRoutes before the route renders. */
  lazy?: () => Promise<Partial<RouteObject>>;
  loader?: (args: LoaderFunctionArgs) => unknown;
}

/** One route of a matched branch, with the params of the whole branch. */
export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

// ---- Paths ----

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  if (search && search !== '?') pathname += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') pathname += hash.startsWith('#') ? hash : `#${hash}`;
  return pathname;
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = path.slice(hashAt);
    path = path.slice(0, hashAt);
  }
  const searchAt = path.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = path.slice(searchAt);
    path = path.slice(0, searchAt);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

/** `to` as a path from `from`: a query or a hash alone stays on `from`'s path. */
function resolve(to: To, from: string): Path {
  const { pathname = from, search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function locationOf(entry: InitialEntry, key = createKey()): Location {
  const given: Partial<Location> = typeof entry === 'string' ? parsePath(entry) : entry;
  const { state = null, key: own, ...path } = given;
  return { ...resolve(path, '/'), state, key: own ?? key };
}

// ---- Matching ----

interface Branch {
  score: number;
  /** Each route's position among its siblings, root first (ties go to the earlier sibling). */
  indexes: number[];
  routes: RouteObject[];
  pattern: RegExp;
  names: string[];
}

const PARAM = /^:[\w-]+$/;

/** React Router's score of a joined path: more segments, static before dynamic, splats last. */
function scoreOf(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment !== '*') score += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/** A path with optional segments as every path it stands for (`a/:b?` → `a/:b`, `a`). */
function explode(path: string): string[] {
  const [first = '', ...rest] = path.split('/');
  const optional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return optional ? [required, ''] : [required];
  const tails = explode(rest.join('/'));
  const paths = tails.map((tail) => (tail === '' ? required : `${required}/${tail}`));
  if (optional) paths.push(...tails);
  return paths.map((p) => (path.startsWith('/') && p === '' ? '/' : p));
}

function compile(path: string, caseSensitive: boolean): Pick<Branch, 'pattern' | 'names'> {
  const names: string[] = [];
  let source = '^';
  for (const segment of path.split('/')) {
    if (segment === '') continue;
    if (segment === '*') {
      names.push('*');
      source += '(?:/(.+))?';
    } else if (PARAM.test(segment)) {
      names.push(segment.slice(1));
      source += '/([^/]+)';
    } else {
      source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    }
  }
  return { pattern: new RegExp(`${source}/*$`, caseSensitive ? '' : 'i'), names };
}

function flatten(
  routes: RouteObject[],
  branches: Branch[] = [],
  parents: RouteObject[] = [],
  parentIndexes: number[] = [],
  parentPath = '',
): Branch[] {
  routes.forEach((route, i) => {
    const paths = route.path?.includes('?') ? explode(route.path) : [route.path ?? ''];
    for (const own of paths) {
      const path = `${parentPath}/${own}`.replace(/\/\/+/g, '/');
      const chain = [...parents, route];
      const indexes = [...parentIndexes, i];
      if (route.children?.length) flatten(route.children, branches, chain, indexes, path);
      if (route.path === undefined && !route.index) continue;
      const score = scoreOf(path, route.index);
      branches.push({ score, indexes, routes: chain, ...compile(path, !!route.caseSensitive) });
    }
  });
  return branches;
}

const ranked = new WeakMap<RouteObject[], Branch[]>();

/** The table's branches, best first (React Router's order), worked out once per table. */
function branchesOf(routes: RouteObject[]): Branch[] {
  let branches = ranked.get(routes);
  if (!branches) {
    branches = flatten(routes).sort((a, b) => {
      if (a.score !== b.score) return b.score - a.score;
      const siblings =
        a.indexes.length === b.indexes.length &&
        a.indexes.slice(0, -1).every((n, i) => n === b.indexes[i]);
      return siblings ? a.indexes.at(-1)! - b.indexes.at(-1)! : 0;
    });
    ranked.set(routes, branches);
  }
  return branches;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The routes `location` matches, root first, or null (React Router's matchRoutes). */
export function matchRoutes(
  routes: RouteObject[],
  location: string | Partial<Path>,
): RouteMatch[] | null {
  const { pathname = '/' } = typeof location === 'string' ? parsePath(location) : location;
  // Decoded segment by segment, an encoded slash staying one (so it cannot split a param).
  const decoded = pathname
    .split('/')
    .map((segment) => decode(segment).replace(/\//g, '%2F'))
    .join('/');
  for (const { pattern, names, routes: chain } of branchesOf(routes)) {
    const found = pattern.exec(decoded);
    if (!found) continue;
    const params: Params = {};
    names.forEach((name, i) => {
      params[name] = (found[i + 1] ?? '').replace(/%2F/g, '/');
    });
    return chain.map((route) => ({ route, params }));
  }
  return null;
}

// ---- Rendering ----

interface RouterState {
  location: Location;
  navigationType: NavigationType;
  navigator: History;
}

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({
  outlet: null,
  params: {},
});

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook is used outside a router.');
  return router;
}

/** Renders `children` at `location` (the history only takes navigations). */
export function Router({
  location,
  navigationType = 'POP',
  navigator,
  children,
}: {
  location: Location;
  navigationType?: NavigationType;
  navigator: History;
  children?: ReactNode;
}) {
  const value = useMemo(
    () => ({ location, navigationType, navigator }),
    [location, navigationType, navigator],
  );
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** The page `routes` match at the router's address, each layout holding the next in <Outlet>. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useRouter().location;
  const matches = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!matches) return null;
  return matches.reduceRight<ReactNode>((outlet, { route, params }) => {
    // As React Router: the route's Component, else its element, else (a pathless layout
    // without one) the next route's.
    const element = route.Component ? <route.Component /> : route.element || outlet;
    return <RouteContext value={{ outlet, params }}>{element}</RouteContext>;
  }, null);
}

export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

/** Declares a route inside <Routes> (or createRoutesFromElements); renders nothing itself. */
export function Route(_props: Omit<RouteObject, 'children'> & { children?: ReactNode }): null {
  return null;
}

/** Route objects from <Route> elements (fragments are looked through). */
export function createRoutesFromElements(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const element = child as ReactElement<RouteObject & { children?: ReactNode }>;
    if (element.type === Fragment) {
      routes.push(...createRoutesFromElements(element.props.children));
      return;
    }
    const { children: nested, ...route } = element.props;
    routes.push(nested ? { ...route, children: createRoutesFromElements(nested) } : route);
  });
  return routes;
}

export function Routes({ children }: { children?: ReactNode }) {
  const routes = useMemo(() => createRoutesFromElements(children), [children]);
  return useRoutes(routes);
}

// ---- Hooks ----

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const { navigator, location } = useRouter();
  const { pathname } = location;
  return useMemo<NavigateFunction>(
    () =>
      (to, { replace, state } = {}) => {
        if (typeof to === 'number') navigator.go(to);
        else navigator[replace ? 'replace' : 'push'](resolve(to, pathname), state);
      },
    [navigator, pathname],
  );
}

/** The address's query, and a setter that goes to the same path with a new query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | string, options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useMemo(
    () => (next: URLSearchParams | string, options?: NavigateOptions) =>
      navigate(`?${new URLSearchParams(next).toString()}`, options),
    [navigate],
  );
  return [params, set];
}

/** Goes to `to` once rendered (a page that is not for this visitor). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const path = typeof to === 'string' ? to : createPath(to);
  useEffect(() => navigate(path, { replace, state }), [navigate, path, replace, state]);
  return null;
}

// ---- Links ----

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** A plain left click on a link in the same window: the app's to follow, not the browser's. */
function isPlainClick(event: MouseEvent, target: string | undefined, download: boolean): boolean {
  return !(
    event.defaultPrevented ||
    event.button !== 0 ||
    (target && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    download
  );
}

/** An <a href> that a plain left click follows in the app; any other click is the browser's. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { navigator, location } = useRouter();
  const external = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const path = external ? to : createPath(resolve(to, location.pathname));
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (external || !isPlainClick(event, target, rest.download !== undefined)) return;
    event.preventDefault();
    // A link to the address shown replaces it, as React Router's did (no duplicate entry).
    const same = path === createPath(location);
    navigator[(replace ?? same) ? 'replace' : 'push'](path, state);
  }
  return <a {...rest} href={path} target={target} onClick={follow} />;
}

/**
 * A click handler for markup the app did not render itself (static-island.tsx): a plain left
 * click on one of its links to an address of the shop is followed as a <Link>'s is.
 */
export function useFollowLinks(): (event: MouseEvent<HTMLElement>) => void {
  const { navigator, location } = useRouter();
  return (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    const path = link.getAttribute('href')!;
    if (ABSOLUTE_URL.test(path) || !isPlainClick(event, link.target, link.hasAttribute('download')))
      return;
    event.preventDefault();
    navigator[path === createPath(location) ? 'replace' : 'push'](path);
  };
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Only the exact path is active (else its descendants too). */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** A Link that knows when it leads to the page shown: aria-current="page" and its class. */
export function NavLink({ end, className, ...rest }: NavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const target = resolve(rest.to, current).pathname.toLowerCase();
  const stem = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    current === target || (!end && current.startsWith(target) && current.charAt(stem) === '/');
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} className={classes} aria-current={isActive ? 'page' : undefined} />;
}

// ---- Histories ----

export interface Update {
  action: NavigationType;
  location: Location;
}

export interface History {
  readonly action: NavigationType;
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  /** Called after every change: a push, a replace or a move through the entries (POP). */
  listen(listener: (update: Update) => void): () => void;
}

/** A history's listeners, and the call that tells them of a change. */
function listeners() {
  const all = new Set<(update: Update) => void>();
  return {
    listen(listener: (update: Update) => void) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    notify(update: Update) {
      for (const listener of all) listener(update);
    },
  };
}

/** The browser's history; each entry's state is `{ usr: state, key }`. */
export function createBrowserHistory(): History {
  const { listen, notify } = listeners();
  let action: NavigationType = 'POP';
  const read = (): Location => {
    const entry = (window.history.state ?? {}) as { usr?: unknown; key?: string };
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
  };
  let location = read();
  window.addEventListener('popstate', () => {
    action = 'POP';
    location = read();
    notify({ action, location });
  });
  const change = (kind: 'PUSH' | 'REPLACE') => (to: To, state?: unknown) => {
    const url = createPath(resolve(to, location.pathname));
    const entry = { usr: state, key: createKey() };
    try {
      if (kind === 'PUSH') window.history.pushState(entry, '', url);
      else window.history.replaceState(entry, '', url);
    } catch (error) {
      // A state the browser cannot keep is a bug; anything else (Safari's limit on the
      // number of entries) is a full page load of the address.
      if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
      window.location.assign(url);
      return;
    }
    action = kind;
    location = read();
    notify({ action, location });
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return location;
    },
    push: change('PUSH'),
    replace: change('REPLACE'),
    go: (delta) => window.history.go(delta),
    listen,
  };
}

/** A history in memory (tests), starting at the last of `initialEntries`. */
export function createMemoryHistory({
  initialEntries = ['/'],
}: { initialEntries?: InitialEntry[] } = {}): History {
  const { listen, notify } = listeners();
  const entries = initialEntries.map((entry, i) =>
    locationOf(entry, i === 0 ? 'default' : undefined),
  );
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  const change = (next: NavigationType) => {
    action = next;
    notify({ action, location: entries[index]! });
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return entries[index]!;
    },
    push(to, state) {
      index += 1;
      entries.splice(index, entries.length, {
        ...resolve(to, entries[index - 1]!.pathname),
        state: state ?? null,
        key: createKey(),
      });
      change('PUSH');
    },
    replace(to, state) {
      entries[index] = {
        ...resolve(to, entries[index]!.pathname),
        state: state ?? null,
        key: createKey(),
      };
      change('REPLACE');
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      change('POP');
    },
    listen,
  };
}

/** A router over a memory history (tests). */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: InitialEntry[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory({ initialEntries }));
  const [shown, setShown] = useState<Update>(() => ({
    action: history.action,
    location: history.location,
  }));
  useLayoutEffect(() => history.listen(setShown), [history]);
  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history}>
      {children}
    </Router>
  );
}

/** The server's router: one address, no navigation. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory({ initialEntries: [location] }));
  return (
    <Router location={history.location} navigator={history}>
      {children}
    </Router>
  );
}
