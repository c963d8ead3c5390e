// The shop's settings (owner only): legal name, address, GSTIN, contact and support hours.
import { z } from 'zod';
import { Email } from '../accounts.js';
import { INDIAN_STATES, isValidGstin, PINCODE_PATTERN } from '../rules.js';

function line(field: string, max: number) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
}

/** A phone number as shoppers will read it: digits with spaces, dashes or a leading +. */
export const SHOP_PHONE_PATTERN = /^\+?[\d\s-]+$/;

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
    updated_at: z.string(),
  }),
});
export type SettingsResponse = z.infer<typeof SettingsResponse>;
export type ShopSettingsRow = SettingsResponse['settings'];
