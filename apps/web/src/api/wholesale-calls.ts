// The wholesale call: a user's application status, or a new application.
import type { WholesaleApplicationRequest, WholesaleResponse } from '@kitroom/contract';
import { post, type CallOptions } from './client';

export const getWholesaleStatus = (userId: number, options?: CallOptions) =>
  post<WholesaleResponse>('wholesale_agent.php', { user_id: userId, status: '' }, options);

export const applyWholesale = (body: WholesaleApplicationRequest) =>
  post<WholesaleResponse>('wholesale_agent.php', body);
