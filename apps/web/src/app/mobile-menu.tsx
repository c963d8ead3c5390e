// The phone menu: a drawer from the left with every browsing destination (the app layout
// loads it when it first opens).
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { NavLink } from '@/ui/router';
import { Overlay } from '@/ui/overlay';
import { Logo } from '@kitroom/ui/logo';
import { categoryPath } from '@/ui/paths';
import { SITE } from '@/ui/site';
import { useCategories, useEmptyCategoriesAlert } from './use-categories';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
}

const item = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-base font-semibold ${isActive ? 'bg-white/10 text-volt' : 'text-white hover:bg-white/5'}`;

export default function MobileMenu({ open, onClose }: MobileMenuProps) {
  const titleId = useId();
  const categories = useCategories(open);
  const [showCategories, setShowCategories] = useState(false);
  useEmptyCategoriesAlert(open && showCategories, categories);
  return (
    <Overlay open={open} onClose={onClose} placement="left" labelledBy={titleId}>
      <div className="flex h-16 items-center justify-between border-b border-white/10 px-4">
        <h2 id={titleId} className="sr-only">
          Menu
        </h2>
        <Logo />
        <button
          type="button"
          aria-label="Close menu"
          onClick={onClose}
          className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/10"
        >
          <X aria-hidden="true" />
        </button>
      </div>
      <nav
        aria-label="Menu"
        className="flex-1 overflow-y-auto p-3"
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a')) onClose();
        }}
      >
        <NavLink to="/" end className={item}>
          Home
        </NavLink>
        <NavLink to="/allProducts" className={item}>
          All Products
        </NavLink>
        <button
          type="button"
          aria-expanded={showCategories}
          aria-controls="menu-categories"
          onClick={() => setShowCategories((v) => !v)}
          className="block w-full rounded-lg px-3 py-3 text-left text-base font-semibold text-white hover:bg-white/5"
        >
          Category Wise
        </button>
        <ul id="menu-categories" hidden={!showCategories} className="pl-4">
          {categories?.map((c) => (
            <li key={c.category_name}>
              <NavLink to={categoryPath(c.category_name)} className={item}>
                {c.category_name}
              </NavLink>
            </li>
          ))}
        </ul>
        <NavLink to="/productCategory/teams" className={item}>
          Teams
        </NavLink>
        <NavLink to="/productCategory/players" className={item}>
          Players
        </NavLink>
        <NavLink to="/contactUs" className={item}>
          Contact Us
        </NavLink>
        <a
          href={SITE.aboutUrl}
          target="_blank"
          rel="noopener"
          className={item({ isActive: false })}
        >
          About Us
        </a>
      </nav>
    </Overlay>
  );
}
