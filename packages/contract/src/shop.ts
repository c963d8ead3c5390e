// The shop's own details as the storefront shows them (shop_details.php): the contact page,
// the footer. The owner edits them in the back office's Settings (admin/settings.ts).
import { z } from 'zod';
import { ShippingRatesShape } from './shipping-rates.js';

export const ShopDetailsResponse = z.object({
  legal_name: z.string(),
  /** Street lines, one per line. */
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string(),
  email: z.string(),
  support_hours: z.string(),
  /** The privacy policy's grievance officer; empty strings until the owner names one. */
  grievance_officer_name: z.string(),
  grievance_officer_email: z.string(),
  /** What shipping costs (the checkout's fee, the shipping policy's table). */
  shipping: ShippingRatesShape,
});
export type ShopDetailsResponse = z.infer<typeof ShopDetailsResponse>;

/** The postal address as lines: the street lines, then 'City, State pincode', then India. */
export function addressLines(d: ShopDetailsResponse): string[] {
  return [
    d.legal_name,
    ...d.address
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    `${d.city}, ${d.state} ${d.pincode}`,
    'India',
  ];
}

/** The number to dial: digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
