// /checkOut as its route renders it (decision 083): the server, and the browser while it
// hydrates, draw the page's frame; once hydrated, the access guard confirms the shopper's
// session (showing the frame meanwhile) and the page takes its lines from the navigation.
import RequireUser from '@/features/accounts/require-user';
import { useHydrated } from '@/ui/use-hydrated';
import CheckoutPage, { CheckoutFrame } from '@/features/checkout/checkout-page';

export default function CheckoutRoute() {
  const frame = <CheckoutFrame />;
  if (!useHydrated()) return frame;
  return (
    <RequireUser fallback={frame}>
      <CheckoutPage />
    </RequireUser>
  );
}
