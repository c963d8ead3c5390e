// The delivery promise: where a pincode is and the day an order paid now arrives there, and
// whether cash on delivery may pay an order of `amount` rupees there (checkout sends it).
// `printed`: the shirt or the order is printed with a name or number (decision 049): a later
// date, and no cash on delivery. `products`: the ids being bought ('12,40'), as a kit launch
// may keep cash on delivery off for them (decision 070).
import { call, type CallOptions } from './client';

export const getDeliveryEstimate = (
  pincode: string,
  options?: CallOptions,
  amount?: number,
  printed = false,
  products?: string,
) =>
  call(
    'delivery_estimate.php',
    { pincode, amount, products, ...(printed ? { printed: '1' as const } : {}) },
    options,
  );
