// The back office put together: its router and its query client, wired so that a call
// refused for want of a staff session (401) ends on the sign-in page, which then returns to
// the page the person was on.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { createQueryClient } from './query-client';
import { ADMIN_BASENAME } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

export function adminQueryClient(router: Router): QueryClient {
  return createQueryClient(() => {
    const { pathname, search } = router.state.location;
    const page = pathname.startsWith(ADMIN_BASENAME)
      ? pathname.slice(ADMIN_BASENAME.length) || '/'
      : pathname;
    if (page === '/sign-in') return;
    void router.navigate('/sign-in', { replace: true, state: { from: `${page}${search}` } });
  });
}

export function AdminApp({ router, queryClient }: { router: Router; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
