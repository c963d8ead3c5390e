// Renders the whole back office at a path, on a memory router, with a fresh query client.
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { AdminApp, adminQueryClient } from '@/app/admin-app';
import { ADMIN_BASENAME, routes } from '@/app/routes';

export function renderAdmin(path: string) {
  const router = createMemoryRouter(routes, {
    basename: ADMIN_BASENAME,
    initialEntries: [`${ADMIN_BASENAME}${path}`],
  });
  const queryClient = adminQueryClient(router);
  const view = render(<AdminApp router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient, path: () => router.state.location.pathname };
}
