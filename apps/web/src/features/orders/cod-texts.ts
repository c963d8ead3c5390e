// Cash on delivery's words on the storefront (decision 034): the order page's confirmation
// banner and the mailed link's page.
export const COD_TEXTS = {
  heading: 'Please confirm your cash-on-delivery order',
  hint: 'We pack it once you confirm; an order not confirmed in time is canceled.',
  button: 'Confirm order',
  confirmFailed: 'We could not confirm your order just now. Please try again.',
  linkTitle: 'Confirm your order',
  linkHint: 'You chose cash on delivery. Confirm the order and we will pack it.',
  missingToken: 'This confirmation link is not complete. Please open it again from the mail.',
  toOrder: 'View your order',
  toOrders: 'Go to My Orders',
} as const;
