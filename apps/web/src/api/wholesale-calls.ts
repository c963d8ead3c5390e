// The wholesale call: a user's application status, or a new application.
import type { WholesaleApplicationRequest } from '@kitroom/contract';
import { call, type CallOptions } from './client';

export const getWholesaleStatus = (userId: number, options?: CallOptions) =>
  call('wholesale_agent.php', { user_id: userId, status: '' }, options);

export const applyWholesale = (body: WholesaleApplicationRequest) =>
  call('wholesale_agent.php', body);
