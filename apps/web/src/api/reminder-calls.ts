// Cart reminders (decision 065): My Account reads, gives and withdraws the shopper's consent;
// the mail's link unsubscribes without a login. (The checkout page's mark is in order-calls.)
import { call, type CallOptions } from './client';

export const cartReminders = (userId: number, consent?: boolean, options?: CallOptions) =>
  call(
    'cart_reminders.php',
    { user_id: userId, ...(consent === undefined ? {} : { consent }) },
    options,
  );

export const unsubscribeCartReminders = (token: string) =>
  call('cart_reminders_unsubscribe.php', { token });
