// The phone bottom bar: Home, Products, Orders, Cart, User.
import { House, Package, ShoppingBag, Shirt, User } from 'lucide-react';
import { NavLink } from '@/ui/router';
import { selectCartCount, useCartSelector } from '@/features/cart';
import { CartCountBadge } from './nav-bar';
import { useShell } from './shell-context';

const tab = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center justify-center gap-0.5 py-1.5 text-[11px] font-semibold ${isActive ? 'text-volt' : 'text-white/80'}`;

export function BottomBar() {
  const { openCart } = useShell();
  const count = useCartSelector(selectCartCount);
  return (
    <nav
      aria-label="Shortcuts"
      className="fixed inset-x-0 bottom-0 z-40 flex h-16 border-t border-white/10 bg-ink pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <NavLink to="/" end className={tab}>
        <House aria-hidden="true" size={22} />
        Home
      </NavLink>
      <NavLink to="/allProducts" className={tab}>
        <Shirt aria-hidden="true" size={22} />
        Products
      </NavLink>
      <NavLink to="/myAccount/orders" className={tab}>
        <Package aria-hidden="true" size={22} />
        Orders
      </NavLink>
      <button
        type="button"
        onClick={openCart}
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        className={tab({ isActive: false })}
      >
        <span className="relative">
          <ShoppingBag aria-hidden="true" size={22} />
          <CartCountBadge count={count} />
        </span>
        <span aria-hidden="true">Cart</span>
      </button>
      <NavLink to="/myAccount" end className={tab}>
        <User aria-hidden="true" size={22} />
        User
      </NavLink>
    </nav>
  );
}
