// Kit launches' endpoints (decision 070): the list, one launch, scheduling, changing and
// canceling one.
import type { AdminEndpoint } from './endpoint.js';
import {
  AdminLaunchResponse,
  LaunchIdParams,
  LaunchInput,
  LaunchListResponse,
} from './launches.js';

export const launchesEndpoints = {
  listLaunches: {
    method: 'GET',
    path: '/api/admin/launches',
    summary: 'Kit launches, latest start first, with fans waiting and pieces sold',
    access: 'catalogue.read',
    response: LaunchListResponse,
  },
  getLaunch: {
    method: 'GET',
    path: '/api/admin/launches/:id',
    summary: 'One kit launch',
    access: 'catalogue.read',
    params: LaunchIdParams,
    response: AdminLaunchResponse,
  },
  createLaunch: {
    method: 'POST',
    path: '/api/admin/launches',
    summary: 'Schedules products to go on sale at a time, with its rules',
    access: 'catalogue.write',
    body: LaunchInput,
    response: AdminLaunchResponse,
  },
  updateLaunch: {
    method: 'PATCH',
    path: '/api/admin/launches/:id',
    summary: 'Changes a launch before it starts; after, only when its limits end',
    access: 'catalogue.write',
    params: LaunchIdParams,
    body: LaunchInput,
    response: AdminLaunchResponse,
  },
  cancelLaunch: {
    method: 'POST',
    path: '/api/admin/launches/:id/cancel',
    summary: 'Cancels a launch: its products are sold as any other, without its rules',
    access: 'catalogue.write',
    params: LaunchIdParams,
    response: AdminLaunchResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
