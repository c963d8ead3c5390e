// /cart — where a cart reminder's button leads (decision 065): a logged-in shopper's cart is
// the shop's, so it opens here in the cart panel; a visitor is asked to log in first.
import { useEffect } from 'react';
import { Link } from '@/ui/router';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { buttonClass } from '@/ui/button-class';
import { useTitle } from '@/ui/use-title';
import { useShell } from './shell-context';

export default function CartPage() {
  const userId = useSessionSelector(selectUserId);
  const { openCart } = useShell();
  useTitle('Your cart');
  useEffect(() => {
    if (userId !== null) openCart();
  }, [userId, openCart]);
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="font-display text-3xl font-bold uppercase">Your cart</h1>
      {userId === null ? (
        <>
          <p className="mt-3 text-muted">Log in to see the jerseys you left in your cart.</p>
          <Link to="/login?redirect=%2Fcart" className={buttonClass('primary', 'mt-6')}>
            Log in
          </Link>
        </>
      ) : (
        <>
          <p className="mt-3 text-muted">Your jerseys are waiting in your cart.</p>
          <button type="button" onClick={openCart} className={buttonClass('primary', 'mt-6')}>
            Open my cart
          </button>
        </>
      )}
    </section>
  );
}
