// The shop's settings: the storefront's details (kept per catalogue version, which a trigger
// bumps on any change of the row, so every process shows a change at once), and the owner's
// reads and edits (the shop's pincode checked against its state), audited with the fields
// before and after.
import { ShopDetailsResponse, type ShippingRates } from '@kitroom/contract';
import {
  eInvoicingRequired,
  type ShopSettingsRow,
  type UpdateSettingsRequest,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import { cachedAt } from '../catalogue/index.js';
import type { Db, Queryable } from '../db/index.js';
import { jsonBody, type JsonBody } from '../http/index.js';
import { Invalid } from '../domain-errors.js';
import { checkPincodeState } from '../pincodes/index.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './settings.queries.js';

function toSettings(row: q.SettingsRow): ShopSettingsRow {
  return {
    legal_name: row.legalName,
    address: row.address,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    gstin: row.gstin,
    phone: row.phone,
    email: row.email,
    support_hours: row.supportHours,
    dispatch_cutoff: row.dispatchCutoff,
    delivery_days_same_city: row.deliveryDaysSameCity,
    delivery_days_same_state: row.deliveryDaysSameState,
    delivery_days_metro: row.deliveryDaysMetro,
    delivery_days_rest_of_india: row.deliveryDaysRestOfIndia,
    delivery_days_north_east_jk: row.deliveryDaysNorthEastJk,
    default_courier: row.defaultCourier as ShopSettingsRow['default_courier'],
    parcel_weight_grams: row.parcelWeightGrams,
    parcel_length_cm: row.parcelLengthCm,
    parcel_breadth_cm: row.parcelBreadthCm,
    parcel_height_cm: row.parcelHeightCm,
    shiprocket_pickup_location: row.shiprocketPickupLocation,
    grievance_officer_name: row.grievanceOfficerName,
    grievance_officer_email: row.grievanceOfficerEmail,
    cod_enabled: row.codEnabled,
    cod_fee_paise: row.codFeePaise,
    cod_max_order_paise: row.codMaxOrderPaise,
    cod_max_open_orders: row.codMaxOpenOrders,
    cod_confirm_hours: row.codConfirmHours,
    cod_cancel_after_hours: row.codCancelAfterHours,
    cod_excluded_pincodes: row.codExcludedPincodes,
    support_refund_limit_paise: row.supportRefundLimitPaise,
    unpaid_orders_max: row.unpaidOrdersMax,
    pieces_per_size_max: row.piecesPerSizeMax,
    shipping_rates: row.shippingRates as ShippingRates,
    highest_aato_rupees: row.highestAatoRupees,
    e_invoicing_required: eInvoicingRequired(row.highestAatoRupees),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function row(db: Queryable): Promise<q.SettingsRow> {
  const found = await q.readSettings(db);
  if (!found) throw new Error('shop_settings has no row 1 (migration 0009 seeds it)');
  return found;
}

export interface KeptDetails {
  response: ShopDetailsResponse;
  body: JsonBody;
}

/** shop_details.php's response and its bytes, kept per catalogue version. */
export async function shopDetails(db: Queryable): Promise<KeptDetails> {
  const { cache, version } = await cachedAt(db);
  return cache.result(version, 'shop-details', async () => {
    const s = toSettings(await row(db));
    const response: ShopDetailsResponse = {
      legal_name: s.legal_name,
      address: s.address,
      city: s.city,
      state: s.state,
      pincode: s.pincode,
      phone: s.phone,
      email: s.email,
      support_hours: s.support_hours,
      grievance_officer_name: s.grievance_officer_name,
      grievance_officer_email: s.grievance_officer_email,
      shipping: s.shipping_rates,
    };
    const body = jsonBody(ShopDetailsResponse, response);
    return { value: { response, body }, products: [], bytes: body.bytes * 2 };
  });
}

export async function getSettings(db: Queryable): Promise<ShopSettingsRow> {
  return toSettings(await row(db));
}

/** The fields an audit entry shows. */
function auditFields(s: ShopSettingsRow): Record<string, unknown> {
  const { updated_at: _at, e_invoicing_required: _required, ...fields } = s;
  return fields;
}

/** The couriers' settings (decision 032) among the changes. */
function courierWrite(input: z.output<typeof UpdateSettingsRequest>): q.SettingsWrite {
  return {
    ...(input.default_courier !== undefined ? { defaultCourier: input.default_courier } : {}),
    ...(input.parcel_weight_grams !== undefined
      ? { parcelWeightGrams: input.parcel_weight_grams }
      : {}),
    ...(input.parcel_length_cm !== undefined ? { parcelLengthCm: input.parcel_length_cm } : {}),
    ...(input.parcel_breadth_cm !== undefined ? { parcelBreadthCm: input.parcel_breadth_cm } : {}),
    ...(input.parcel_height_cm !== undefined ? { parcelHeightCm: input.parcel_height_cm } : {}),
    ...(input.shiprocket_pickup_location !== undefined
      ? { shiprocketPickupLocation: input.shiprocket_pickup_location }
      : {}),
  };
}

/** The cash-on-delivery fields of an edit, as columns. */
function codWrite(input: z.output<typeof UpdateSettingsRequest>): q.SettingsWrite {
  return {
    ...(input.cod_enabled !== undefined ? { codEnabled: input.cod_enabled } : {}),
    ...(input.cod_fee_paise !== undefined ? { codFeePaise: input.cod_fee_paise } : {}),
    ...(input.cod_max_order_paise !== undefined
      ? { codMaxOrderPaise: input.cod_max_order_paise }
      : {}),
    ...(input.cod_max_open_orders !== undefined
      ? { codMaxOpenOrders: input.cod_max_open_orders }
      : {}),
    ...(input.cod_confirm_hours !== undefined ? { codConfirmHours: input.cod_confirm_hours } : {}),
    ...(input.cod_cancel_after_hours !== undefined
      ? { codCancelAfterHours: input.cod_cancel_after_hours }
      : {}),
    ...(input.cod_excluded_pincodes !== undefined
      ? { codExcludedPincodes: input.cod_excluded_pincodes }
      : {}),
  };
}

/** The limits of an edit, as columns. */
function limitsWrite(input: z.output<typeof UpdateSettingsRequest>): q.SettingsWrite {
  return {
    ...(input.support_refund_limit_paise !== undefined
      ? { supportRefundLimitPaise: input.support_refund_limit_paise }
      : {}),
    ...(input.unpaid_orders_max !== undefined ? { unpaidOrdersMax: input.unpaid_orders_max } : {}),
    ...(input.pieces_per_size_max !== undefined
      ? { piecesPerSizeMax: input.pieces_per_size_max }
      : {}),
  };
}

/** Changes the settings (the owner's). */
export async function updateSettings(
  db: Db,
  actor: Actor,
  input: z.output<typeof UpdateSettingsRequest>,
): Promise<ShopSettingsRow> {
  return db.transaction(async (tx) => {
    const before = await q.lockSettings(tx);
    if (!before) throw new Error('shop_settings has no row 1 (migration 0009 seeds it)');
    if (input.pincode !== undefined || input.state !== undefined) {
      // Parcels leave from here and delivery zones are counted from here: a real pincode.
      const problem = await checkPincodeState(
        input.pincode ?? before.pincode,
        input.state ?? before.state,
      );
      if (problem) throw new Invalid(problem);
    }
    const confirmHours = input.cod_confirm_hours ?? before.codConfirmHours;
    if ((input.cod_cancel_after_hours ?? before.codCancelAfterHours) < confirmHours) {
      // Otherwise a link could still be valid for an order already cancelled.
      throw new Invalid(
        `cod_cancel_after_hours must be at least cod_confirm_hours (${confirmHours} hours)`,
      );
    }
    const after = await q.updateSettings(tx, {
      ...(input.legal_name !== undefined ? { legalName: input.legal_name } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.city !== undefined ? { city: input.city } : {}),
      ...(input.state !== undefined ? { state: input.state } : {}),
      ...(input.pincode !== undefined ? { pincode: input.pincode } : {}),
      ...(input.gstin !== undefined ? { gstin: input.gstin } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.support_hours !== undefined ? { supportHours: input.support_hours } : {}),
      ...(input.dispatch_cutoff !== undefined ? { dispatchCutoff: input.dispatch_cutoff } : {}),
      ...(input.delivery_days_same_city !== undefined
        ? { deliveryDaysSameCity: input.delivery_days_same_city }
        : {}),
      ...(input.delivery_days_same_state !== undefined
        ? { deliveryDaysSameState: input.delivery_days_same_state }
        : {}),
      ...(input.delivery_days_metro !== undefined
        ? { deliveryDaysMetro: input.delivery_days_metro }
        : {}),
      ...(input.delivery_days_rest_of_india !== undefined
        ? { deliveryDaysRestOfIndia: input.delivery_days_rest_of_india }
        : {}),
      ...(input.delivery_days_north_east_jk !== undefined
        ? { deliveryDaysNorthEastJk: input.delivery_days_north_east_jk }
        : {}),
      ...courierWrite(input),
      ...(input.grievance_officer_name !== undefined
        ? { grievanceOfficerName: input.grievance_officer_name }
        : {}),
      ...(input.grievance_officer_email !== undefined
        ? { grievanceOfficerEmail: input.grievance_officer_email }
        : {}),
      ...codWrite(input),
      ...limitsWrite(input),
      ...(input.shipping_rates !== undefined ? { shippingRates: input.shipping_rates } : {}),
      ...(input.highest_aato_rupees !== undefined
        ? { highestAatoRupees: input.highest_aato_rupees }
        : {}),
    });
    await record(tx, actor, {
      entity: 'settings',
      entityId: 1,
      action: 'update',
      before: auditFields(toSettings(before)),
      after: auditFields(toSettings(after)),
    });
    return toSettings(after);
  });
}
