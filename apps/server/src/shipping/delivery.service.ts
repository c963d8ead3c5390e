// The delivery promise for a pincode, from the shop's settings: what the product page and
// checkout show, and the date an order keeps as expected_date.
import { PRINT_EXTRA_DISPATCH_DAYS } from '@kitroom/contract';
import type { ShopSettingsRow } from '@kitroom/contract/admin';
import type { Queryable } from '../db/index.js';
import { lookupPincode, type Pincode } from '../pincodes/index.js';
import { getSettings } from '../settings/index.js';
import { promisedDay, type Place, type PromiseRules } from './delivery-promise.js';

/** The settings the promise is made from (shop_settings' columns). */
export type DeliverySettings = Pick<
  ShopSettingsRow,
  | 'dispatch_cutoff'
  | 'delivery_days_same_city'
  | 'delivery_days_same_state'
  | 'delivery_days_metro'
  | 'delivery_days_rest_of_india'
  | 'delivery_days_north_east_jk'
  | 'pincode'
  | 'city'
  | 'state'
>;

async function shopRules(s: DeliverySettings): Promise<{ rules: PromiseRules; shop: Place }> {
  const found = await lookupPincode(s.pincode);
  return {
    rules: {
      cutoff: s.dispatch_cutoff,
      days: {
        same_city: s.delivery_days_same_city,
        same_state: s.delivery_days_same_state,
        metro: s.delivery_days_metro,
        rest_of_india: s.delivery_days_rest_of_india,
        north_east_jk: s.delivery_days_north_east_jk,
      },
    },
    shop: found ? { city: found.city, state: found.state } : { city: s.city, state: s.state },
  };
}

/**
 * The Indian day (yyyy-mm-dd) an order paid at `at` for this pincode arrives by; a printed
 * order leaves PRINT_EXTRA_DISPATCH_DAYS working days later (decision 049).
 */
export async function promisedDate(
  db: Queryable,
  to: Pincode,
  at: Date,
  printed = false,
): Promise<string> {
  return promisedDateFrom(await getSettings(db), to, at, printed);
}

/** The same day from settings already read (checkout reads them with the order's facts). */
export async function promisedDateFrom(
  settings: DeliverySettings,
  to: Pincode,
  at: Date,
  printed = false,
): Promise<string> {
  const { rules, shop } = await shopRules(settings);
  const extra = printed ? PRINT_EXTRA_DISPATCH_DAYS : 0;
  return promisedDay(rules, shop, { city: to.city, state: to.state }, at, extra);
}
