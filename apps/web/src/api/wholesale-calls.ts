// The wholesale calls: a user's application status, a new application, and their own prices.
import type { WholesaleApplicationRequest, WholesalePricesRequest } from '@kitroom/contract';
import { call, type CallOptions } from './client';

export const getWholesaleStatus = (userId: number, options?: CallOptions) =>
  call('wholesale_agent.php', { user_id: userId, status: '' }, options);

export const applyWholesale = (body: WholesaleApplicationRequest) =>
  call('wholesale_agent.php', body);

/** The shopper's own wholesale prices for these products at `pieces` pieces (decision 045). */
export const getWholesalePrices = (body: WholesalePricesRequest, options?: CallOptions) =>
  call('wholesale_prices.php', body, options);
