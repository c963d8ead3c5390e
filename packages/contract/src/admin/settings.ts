// The shop's settings (owner only): legal name, address, GSTIN, contact, support hours, and
// the delivery promise's dispatch cut-off and days per zone.
import { z } from 'zod';
import { Email } from '../accounts.js';
import { formatRupees } from '../money.js';
import { isValidGstin, PINCODE_PATTERN } from '../rules.js';
import { INDIAN_STATES } from '../states.js';
import { ShippingRates } from './shipping-rates.js';

// The numbers the owner types on Settings, checked in the form's words (the field's label,
// money in rupees), as Settings → Shipping's fees are: staff read these messages, not the
// API's field names.

/** Days in transit to a zone: whole working days, 0 to 30. */
function transitDays(zone: string) {
  const what = `Delivery days (${zone})`;
  return z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must be 0 to 30`)
    .max(30, `${what} must be 0 to 30`);
}

/** A parcel's default weight (grams) or size (cm): a whole number in range. */
function parcelSize(what: string, max: number, unit: string) {
  const range = `${what} must be 1 to ${max} ${unit}`;
  return z
    .number({ error: `${what} must be a whole number of ${unit}` })
    .int(`${what} must be a whole number of ${unit}`)
    .min(1, range)
    .max(max, range);
}

/** 'HH:MM', 24-hour. */
export const CUTOFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function line(field: string, max: number) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
}

/** A phone number as shoppers will read it: digits with spaces, dashes or a leading +. */
export const SHOP_PHONE_PATTERN = /^\+?[\d\s-]+$/;

function wholeNumber(what: string, min: number, max: number) {
  const range = `${what} must be ${min} to ${max}`;
  return z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, range)
    .max(max, range);
}

/** Money the form takes in rupees and the API in paise: its messages speak rupees. */
function amountPaise(what: string, maxPaise: number) {
  const range = `${what} must be ₹0 to ${formatRupees(maxPaise / 100)}`;
  return z
    .number({ error: `${what} must be an amount in rupees, like 40 or 49.50` })
    .int(`${what} must be a whole number of paise`)
    .min(0, range)
    .max(maxPaise, range);
}

/** A pincode prefix where cash on delivery is off: 3 to 6 digits (673 covers 673001–673999). */
export const COD_PINCODE_PREFIX = /^\d{3,6}$/;

/** Cash on delivery (decision 034): money in paise, as the rest of the admin API. */
export const CodSettings = z.object({
  cod_enabled: z.boolean({ error: 'cod_enabled must be true or false' }),
  cod_fee_paise: amountPaise('The COD fee', 100_000),
  cod_max_order_paise: amountPaise('The largest COD order', 100_000_000),
  cod_max_open_orders: wholeNumber('Open COD orders per shopper', 1, 100),
  cod_confirm_hours: wholeNumber('Hours the confirmation link works', 1, 168),
  cod_cancel_after_hours: wholeNumber('Hours before an unconfirmed order is cancelled', 1, 336),
  cod_excluded_pincodes: z
    .array(
      z
        .string({ error: 'each pincode prefix must be 3 to 6 digits' })
        .trim()
        .regex(COD_PINCODE_PREFIX, 'each pincode prefix must be 3 to 6 digits'),
      { error: 'cod_excluded_pincodes must be a list of pincode prefixes' },
    )
    .max(1000, 'cod_excluded_pincodes holds at most 1000 prefixes')
    .transform((list) => [...new Set(list)].sort()),
});

/**
 * Limits (issue 36): the largest refund a support agent's cancellation may make (above it a
 * manager or the owner cancels); how many unpaid orders one shopper may hold stock with, and
 * how many pieces of one size one order may take (approved wholesalers excepted).
 */
export const LimitSettings = z.object({
  support_refund_limit_paise: amountPaise('What support may refund', 100_000_000),
  unpaid_orders_max: wholeNumber('Unpaid orders per shopper', 1, 20),
  pieces_per_size_max: wholeNumber('Pieces of one size per order', 1, 999),
});

export const ShopSettings = z.object({
  legal_name: line('legal_name', 120),
  address: line('address', 300),
  city: line('city', 80),
  state: z.enum(INDIAN_STATES, {
    error: 'state must be one of the Indian states and territories',
  }),
  pincode: z
    .string({ error: 'pincode is required' })
    .trim()
    .regex(PINCODE_PATTERN, 'pincode must be exactly 6 digits'),
  gstin: z
    .string({ error: 'gstin must be text' })
    .trim()
    .toUpperCase()
    .refine(
      (v) => v === '' || isValidGstin(v),
      'gstin is not a valid GSTIN (15 characters, checksum last)',
    ),
  phone: z
    .string({ error: 'phone is required' })
    .trim()
    .regex(SHOP_PHONE_PATTERN, 'phone must be digits, spaces or dashes, like +91 495 272 1100')
    .refine((v) => {
      const digits = v.replace(/\D/g, '').length;
      return digits >= 10 && digits <= 13;
    }, 'phone must have 10 to 13 digits'),
  email: Email,
  support_hours: line('support_hours', 120),
  dispatch_cutoff: z
    .string({ error: 'dispatch_cutoff is required' })
    .trim()
    .regex(CUTOFF_PATTERN, 'dispatch_cutoff must be a 24-hour time like 14:00'),
  delivery_days_same_city: transitDays('Same city'),
  delivery_days_same_state: transitDays('Same state'),
  delivery_days_metro: transitDays('Metro cities'),
  delivery_days_rest_of_india: transitDays('Rest of India'),
  delivery_days_north_east_jk: transitDays('North-east, J&K, Ladakh, islands'),
  // Couriers (decision 032): the one the ship dialog chooses first, the parcel's defaults,
  // and Shiprocket's pickup location (its name in Shiprocket's panel).
  default_courier: z.enum(['manual', 'sandbox', 'shiprocket'], {
    error: 'default_courier must be manual, sandbox or shiprocket',
  }),
  parcel_weight_grams: parcelSize('The parcel weight', 100_000, 'grams'),
  parcel_length_cm: parcelSize('The parcel length', 300, 'cm'),
  parcel_breadth_cm: parcelSize('The parcel breadth', 300, 'cm'),
  parcel_height_cm: parcelSize('The parcel height', 300, 'cm'),
  shiprocket_pickup_location: line('shiprocket_pickup_location', 80),
  // The privacy policy's grievance officer (DPDP Act): empty until the owner names one.
  grievance_officer_name: z
    .string({ error: 'grievance_officer_name must be text' })
    .trim()
    .max(120, 'grievance_officer_name must be at most 120 characters'),
  grievance_officer_email: z
    .string({ error: 'grievance_officer_email must be text' })
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || Email.safeParse(v).success, 'enter a valid email address'),
  ...CodSettings.shape,
  ...LimitSettings.shape,
  /** Shipping fees by zone, for other states, and free shipping above an amount (issue 41). */
  shipping_rates: ShippingRates,
  /**
   * E-invoicing (decision 068): the highest aggregate annual turnover of any financial year
   * since 2017-18, in whole rupees; null: not stated. Above ₹5 crore, B2B invoices need an IRN.
   */
  highest_aato_rupees: z
    .number({ error: 'highest_aato_rupees must be a whole number of rupees' })
    .int('highest_aato_rupees must be a whole number of rupees')
    .min(0, 'highest_aato_rupees must be 0 or more')
    .max(100_000_000_000_000, 'highest_aato_rupees is too large')
    .nullable(),
});
export type ShopSettingsInput = z.input<typeof ShopSettings>;

export const UpdateSettingsRequest = ShopSettings.partial().refine(
  (b) => Object.keys(b).length > 0,
  'nothing to change',
);
export type UpdateSettingsRequest = z.input<typeof UpdateSettingsRequest>;

export const SettingsResponse = z.object({
  settings: z.object({
    legal_name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    gstin: z.string(),
    phone: z.string(),
    email: z.string(),
    support_hours: z.string(),
    /** 'HH:MM' Indian time: orders paid before it on a working day leave that day. */
    dispatch_cutoff: z.string(),
    /** Working days in transit to each zone. */
    delivery_days_same_city: z.number().int(),
    delivery_days_same_state: z.number().int(),
    delivery_days_metro: z.number().int(),
    delivery_days_rest_of_india: z.number().int(),
    delivery_days_north_east_jk: z.number().int(),
    default_courier: z.enum(['manual', 'sandbox', 'shiprocket']),
    parcel_weight_grams: z.number().int(),
    parcel_length_cm: z.number().int(),
    parcel_breadth_cm: z.number().int(),
    parcel_height_cm: z.number().int(),
    shiprocket_pickup_location: z.string(),
    /** Who shoppers write to about their data (the privacy policy shows them). */
    grievance_officer_name: z.string(),
    grievance_officer_email: z.string(),
    /** Cash on delivery: on/off, fee, order cap, open orders a shopper may have, the link's
     * hours, hours before an unconfirmed order is cancelled, pincode prefixes where it is off. */
    cod_enabled: z.boolean(),
    cod_fee_paise: z.number().int(),
    cod_max_order_paise: z.number().int(),
    cod_max_open_orders: z.number().int(),
    cod_confirm_hours: z.number().int(),
    cod_cancel_after_hours: z.number().int(),
    cod_excluded_pincodes: z.array(z.string()),
    /** Limits: support's refund ceiling, unpaid orders per shopper, pieces of a size per order. */
    support_refund_limit_paise: z.number().int(),
    unpaid_orders_max: z.number().int(),
    pieces_per_size_max: z.number().int(),
    shipping_rates: ShippingRates,
    /** The highest turnover of any year since 2017-18 (rupees), as stated; null: not stated. */
    highest_aato_rupees: z.number().int().nullable(),
    /** Above ₹5 crore: B2B invoices are registered on the IRP (decision 068). */
    e_invoicing_required: z.boolean(),
    updated_at: z.string(),
  }),
});
export type SettingsResponse = z.infer<typeof SettingsResponse>;
export type ShopSettingsRow = SettingsResponse['settings'];
