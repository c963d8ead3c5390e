// The delivery promise: where a pincode is and the day an order paid now arrives there, and
// whether cash on delivery may pay an order of `amount` rupees there (checkout sends it).
import { call, type CallOptions } from './client';

export const getDeliveryEstimate = (pincode: string, options?: CallOptions, amount?: number) =>
  call('delivery_estimate.php', { pincode, amount }, options);
