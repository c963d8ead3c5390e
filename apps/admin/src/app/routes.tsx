// Every page of the back office, under /admin. Pages fetch their own data with TanStack Query.
import type { RouteObject } from 'react-router';
import { AuditPage } from '@/features/audit/audit-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { PlayersPage, TeamsPage } from '@/features/profiles/profiles-page';
import { SettingsPage } from '@/features/settings/settings-page';
import { SetupPage } from '@/features/setup/setup-page';
import { SignInPage } from '@/features/sign-in/sign-in-page';
import { StaffPage } from '@/features/staff/staff-page';
import { NotFoundPage } from './not-found-page';
import { Allowed, Shell } from './shell';

export const ADMIN_BASENAME = '/admin';

export const routes: RouteObject[] = [
  { path: '/setup/:token', element: <SetupPage /> },
  { path: '/sign-in', element: <SignInPage /> },
  {
    element: <Shell />,
    children: [
      { index: true, element: <DashboardPage /> },
      {
        path: 'teams',
        element: (
          <Allowed permission="catalogue.read">
            <TeamsPage />
          </Allowed>
        ),
      },
      {
        path: 'players',
        element: (
          <Allowed permission="catalogue.read">
            <PlayersPage />
          </Allowed>
        ),
      },
      {
        path: 'staff',
        element: (
          <Allowed permission="staff.manage">
            <StaffPage />
          </Allowed>
        ),
      },
      {
        path: 'audit',
        element: (
          <Allowed permission="audit.read">
            <AuditPage />
          </Allowed>
        ),
      },
      {
        path: 'settings',
        element: (
          <Allowed permission="settings.manage">
            <SettingsPage />
          </Allowed>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
