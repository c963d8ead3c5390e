// The delivery promise: where a pincode is and the day an order paid now arrives there.
import type { DeliveryEstimateResponse } from '@kitroom/contract';
import { get, type CallOptions } from './client';

export const getDeliveryEstimate = (pincode: string, options?: CallOptions) =>
  get<DeliveryEstimateResponse>(
    `delivery_estimate.php?pincode=${encodeURIComponent(pincode)}`,
    options,
  );
