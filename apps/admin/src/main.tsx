// The back office in the browser: a single-page app under /admin (never rendered on the
// server), with TanStack Query for every call and React Router for its pages.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AdminApp, adminQueryClient } from './app/admin-app';
import { ADMIN_BASENAME, routes } from './app/routes';
import './index.css';

const router = createBrowserRouter(routes, { basename: ADMIN_BASENAME });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp router={router} queryClient={adminQueryClient(router)} />
  </StrictMode>,
);
