// The shop's settings as GET /api/admin/settings answers them, for the settings pages' tests.
import { DEFAULT_SHIPPING_RATES } from '@kitroom/contract';
import type { ShopSettingsRow } from '@kitroom/contract/admin';

export function shopSettings(overrides: Partial<ShopSettingsRow> = {}): ShopSettingsRow {
  return {
    legal_name: 'Kitroom Sportswear',
    address: '2nd Floor, Mavoor Road',
    city: 'Kozhikode',
    state: 'Kerala',
    pincode: '673004',
    gstin: '',
    phone: '+91 495 272 1100',
    email: 'support@kitroom.in',
    support_hours: 'Monday to Saturday, 10 AM to 8 PM (closed Sunday)',
    dispatch_cutoff: '14:00',
    delivery_days_same_city: 1,
    delivery_days_same_state: 2,
    delivery_days_metro: 3,
    delivery_days_rest_of_india: 5,
    delivery_days_north_east_jk: 8,
    cod_enabled: false,
    cod_fee_paise: 4900,
    cod_max_order_paise: 500000,
    cod_max_open_orders: 2,
    cod_confirm_hours: 24,
    cod_cancel_after_hours: 48,
    cod_excluded_pincodes: [],
    default_courier: 'manual',
    parcel_weight_grams: 300,
    parcel_length_cm: 30,
    parcel_breadth_cm: 25,
    parcel_height_cm: 3,
    shiprocket_pickup_location: 'Primary',
    grievance_officer_name: '',
    grievance_officer_email: '',
    support_refund_limit_paise: 300000,
    unpaid_orders_max: 3,
    pieces_per_size_max: 10,
    shipping_rates: DEFAULT_SHIPPING_RATES,
    updated_at: '2026-11-25T05:30:00.000Z',
    ...overrides,
  };
}
