// The delivery promise: where a pincode is and the day an order paid now arrives there, and
// whether cash on delivery may pay an order of `amount` rupees there (checkout sends it).
import type { DeliveryEstimateResponse } from '@kitroom/contract';
import { get, type CallOptions } from './client';

export const getDeliveryEstimate = (pincode: string, options?: CallOptions, amount?: number) =>
  get<DeliveryEstimateResponse>(
    `delivery_estimate.php?pincode=${encodeURIComponent(pincode)}${amount === undefined ? '' : `&amount=${amount}`}`,
    options,
  );
