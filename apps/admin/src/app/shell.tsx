// The signed-in frame: the header (shop, who is signed in, Sign out), the navigation limited
// to what the role may open, and the page. Without a staff session it sends to sign-in.
import { roleMayCall, type Permission } from '@kitroom/contract/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError, call, callQuery, errorText } from '@/api/client';
import { SessionContext, useMay } from '@/api/session';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { FormMessage } from '@/ui/form-field';
import { BackOfficeLogo } from '@/ui/logo';
import { ROLE_LABEL } from '@/ui/roles';
import { NAV } from './nav';

export function Shell() {
  const me = useQuery(callQuery('me'));
  const location = useLocation();
  const navigate = useNavigate();
  const main = useRef<HTMLElement>(null);
  const navigated = useRef(false);

  // A new page: focus moves to it, as a page load would.
  useEffect(() => {
    if (navigated.current) main.current?.focus();
    navigated.current = true;
  }, [location.pathname]);

  const signOut = useMutation({
    mutationFn: () => call('signOut'),
    onSuccess: () => navigate('/sign-in', { state: { signedOut: true } }),
  });

  if (me.error instanceof ApiError && me.error.signInNeeded) {
    return (
      <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  if (!me.data) {
    return (
      <main id="main" className="mx-auto max-w-md p-8 text-center">
        {me.error ? (
          <>
            <FormMessage text={errorText(me.error)} />
            <button
              type="button"
              className={buttonClass('primary', 'mt-4')}
              onClick={() => void me.refetch()}
            >
              Try again
            </button>
          </>
        ) : (
          <p role="status">Loading the back office…</p>
        )}
      </main>
    );
  }
  const { staff } = me.data;
  const links = NAV.filter((item) => roleMayCall(staff.role, item.access));

  return (
    <SessionContext.Provider value={me.data}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-volt focus:px-4 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <header className="bg-ink text-white">
        <div className="flex min-h-16 flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 md:px-6">
          <BackOfficeLogo />
          <div className="flex items-center gap-3">
            <p className="text-sm leading-tight sm:text-right">
              <span className="block font-semibold">{staff.name}</span>
              <span className="block text-white/70">{ROLE_LABEL[staff.role]}</span>
            </p>
            <button
              type="button"
              className={smallButtonClass('accent')}
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              Sign out
            </button>
          </div>
        </div>
        {signOut.error && (
          <div className="px-4 pb-2">
            <FormMessage text={errorText(signOut.error)} />
          </div>
        )}
      </header>
      <div className="md:flex">
        <nav
          aria-label="Back office"
          className="border-b border-line bg-white md:min-h-[calc(100vh-4rem)] md:w-56 md:shrink-0 md:border-r md:border-b-0"
        >
          <ul className="flex gap-1 overflow-x-auto px-2 py-2 md:flex-col md:px-3 md:py-4">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-xl px-3.5 text-sm font-semibold whitespace-nowrap ${
                      isActive ? 'bg-ink text-white' : 'text-ink hover:bg-paper'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main
          id="main"
          ref={main}
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 outline-none md:px-8 md:py-8"
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </SessionContext.Provider>
  );
}

/** While a page's code arrives on its first visit (a moment, on a phone a little more). */
function PageLoading() {
  return <p role="status">Loading…</p>;
}

export const NOT_ALLOWED = 'Your role does not allow this.';

/** A page only some roles may open: others are told so, and nothing is asked of the server. */
export function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  if (!useMay(permission)) {
    return (
      <section aria-labelledby="refused">
        <h1 id="refused" className="font-display text-3xl font-bold uppercase">
          Not for your role
        </h1>
        <p className="mt-3 text-muted">{NOT_ALLOWED}</p>
      </section>
    );
  }
  return children;
}
