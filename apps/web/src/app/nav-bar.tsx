// The fixed top bar: transparent over the home hero until the page scrolls past 10% of the
// viewport height, solid dark everywhere else.
import { ChevronDown, Menu, Search, ShoppingBag, User } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from '@/ui/router';
import { selectCartCount, useCartSelector } from '@/features/cart';
import { Logo } from '@kitroom/ui/logo';
import { categoryPath } from '@/ui/paths';
import { SITE } from '@/ui/site';
import { useShell } from './shell-context';
import { useCategories, useEmptyCategoriesAlert } from './use-categories';

function useScrolledPast(fraction: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > window.innerHeight * fraction);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [fraction]);
  return past;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold tracking-wide uppercase transition-colors hover:text-volt ${isActive ? 'text-volt' : 'text-white'}`;

function ShopMenu() {
  const [open, setOpen] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const categories = useCategories(open);
  useEmptyCategoriesAlert(open && categoriesOpen, categories);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hoveredAt = useRef(0);
  const location = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={box}
      className="relative"
      onMouseEnter={() => {
        hoveredAt.current = Date.now();
        setOpen(true);
      }}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="shop-menu"
        // A click right after the pointer opened the menu must not close it again.
        onClick={() => setOpen((v) => !v || Date.now() - hoveredAt.current < 600)}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold tracking-wide text-white uppercase hover:text-volt"
      >
        Shop <ChevronDown aria-hidden="true" size={16} />
      </button>
      <div
        id="shop-menu"
        hidden={!open}
        className="absolute top-full left-0 w-64 rounded-xl bg-white p-2 text-ink shadow-xl"
      >
        <Link to="/allProducts" className="block rounded-lg px-3 py-2 font-semibold hover:bg-paper">
          All Products
        </Link>
        <button
          type="button"
          aria-expanded={categoriesOpen}
          aria-controls="shop-categories"
          onClick={() => setCategoriesOpen((v) => !v)}
          className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-left font-semibold hover:bg-paper"
        >
          Category Wise
          <ChevronDown
            aria-hidden="true"
            size={16}
            className={categoriesOpen ? 'rotate-180' : ''}
          />
        </button>
        <ul id="shop-categories" hidden={!categoriesOpen} className="pl-3">
          {categories === null && <li className="px-3 py-2 text-sm text-muted">Loading…</li>}
          {categories?.map((c) => (
            <li key={c.category_name}>
              <Link
                to={categoryPath(c.category_name)}
                className="block rounded-lg px-3 py-1.5 text-sm hover:bg-paper"
              >
                {c.category_name}
              </Link>
            </li>
          ))}
        </ul>
        <Link
          to="/productCategory/teams"
          className="block rounded-lg px-3 py-2 font-semibold hover:bg-paper"
        >
          Teams
        </Link>
        <Link
          to="/productCategory/players"
          className="block rounded-lg px-3 py-2 font-semibold hover:bg-paper"
        >
          Players
        </Link>
      </div>
    </div>
  );
}

export function CartCountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-volt px-1 text-[11px] font-bold text-ink"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function NavBar({ onMenu }: { onMenu: () => void }) {
  const { openCart, openSearch } = useShell();
  const count = useCartSelector(selectCartCount);
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(0.1);
  const transparent = pathname === '/' && !scrolled;
  const iconButton =
    'relative flex h-11 w-11 items-center justify-center rounded-full text-white hover:bg-white/10';

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${transparent ? 'bg-linear-to-b from-ink/80 to-transparent' : 'bg-ink shadow-lg shadow-black/10'}`}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-[1440px] items-center gap-2 px-3 sm:px-6"
      >
        <button
          type="button"
          aria-label="Open menu"
          onClick={onMenu}
          className={`${iconButton} md:hidden`}
        >
          <Menu aria-hidden="true" />
        </button>
        <Link to="/" aria-label="Kitroom home" className="mr-auto md:mr-6">
          <Logo />
        </Link>
        <ul className="mr-auto hidden items-center gap-1 md:flex">
          <li>
            <NavLink to="/" end className={linkClass}>
              Home
            </NavLink>
          </li>
          <li>
            <ShopMenu />
          </li>
          <li>
            <NavLink to="/contactUs" className={linkClass}>
              Contact Us
            </NavLink>
          </li>
          <li>
            <a
              href={SITE.aboutUrl}
              target="_blank"
              rel="noopener"
              className={linkClass({ isActive: false })}
            >
              About Us
            </a>
          </li>
        </ul>
        <Link to="/myAccount" aria-label="My account" className={`${iconButton} hidden md:flex`}>
          <User aria-hidden="true" />
        </Link>
        <button type="button" aria-label="Search" onClick={openSearch} className={iconButton}>
          <Search aria-hidden="true" />
        </button>
        <button
          type="button"
          aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
          onClick={openCart}
          className={`${iconButton} hidden md:flex`}
        >
          <ShoppingBag aria-hidden="true" />
          <CartCountBadge count={count} />
        </button>
      </nav>
    </header>
  );
}
