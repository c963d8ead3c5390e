// What the checkout tests share: a shopper's saved address in Kozhikode and the lines the cart
// panel hands checkout.
import type { CheckoutStartResponse, ShippingAddress } from '@kitroom/contract';
import { ok, type FakeApi } from './fake-api';

/**
 * Asha's saved address in Kozhikode, Kerala. Tests that respond to the delivery estimate pass
 * their own pincode: the visit's cache keeps those responses by pincode (and amount).
 */
export function savedAddress(pincode = '673001'): ShippingAddress {
  return {
    first_name: 'Asha',
    last_name: 'Menon',
    street_name: '12 Beach Road',
    city: 'Kozhikode',
    state: 'Kerala',
    pincode,
    phone: '9876543210',
  };
}

/** Two Kerala Blasters home shirts in M at ₹899: ₹1,798, and ₹1,858 with Kerala's ₹60 shipping. */
export const twoShirts = [
  {
    product_id: 11,
    price: 899,
    image_url: 'images/11.webp',
    name: 'Kerala Blasters Home 2025',
    quantity: 2,
    selectedSize: 'M',
  },
];

/**
 * Responds to checkout_start.php (decision 071): by default a shopper with no address saved, no
 * estimate, retail prices, no WhatsApp updates and no cart-reminder question.
 */
export function respondToCheckoutStart(api: FakeApi, start: Partial<CheckoutStartResponse> = {}) {
  api.on('checkout_start.php', () =>
    ok({
      address: null,
      account: { name: 'Asha Menon', phone_number: '9876543210' },
      estimate: null,
      amount: null,
      wholesale: { wholesale: false as const },
      whatsapp: { available: false, opted_in: false, phone: null, since: null },
      ask_consent: null,
      ...start,
    }),
  );
}
