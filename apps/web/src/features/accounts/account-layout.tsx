// /myAccount and its children (spec section 2): a side menu (Profile, Wholesaler
// Registration, Orders, Wishlist, Change Password, Log out) beside the page, headed by the sub-path or
// 'My Profile'.
// A visitor on /myAccount gets a login/register prompt; its children need a login.
import { Heart, KeyRound, LogIn, LogOut, Package, Store, UserRound, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from '@/ui/router';
import { showAlert } from '@/ui/alert';
import { buttonClass } from '@/ui/button-class';
import { useTitle } from '@/ui/use-title';
import { accountHeading, accountSubPath } from './account-rules';
import { AUTH_TEXTS } from './auth-rules';
import RequireUser from './require-user';
import { selectUser, useSessionDispatch, useSessionSelector } from './session-slice';
import { logOut } from './session-thunks';

function LoggedOutPrompt() {
  useTitle('My Account');
  const back = encodeURIComponent('/myAccount');
  return (
    <section className="flex justify-center bg-paper px-4 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-xl shadow-ink/5">
        <span
          className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-ink text-volt"
          aria-hidden="true"
        >
          <UserRound size={32} />
        </span>
        <h1 className="mt-4 font-display text-3xl font-bold uppercase">My Account</h1>
        <p className="mt-2 text-muted">
          Log in or create an account to see your profile and orders.
        </p>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Link to={`/login?redirect=${back}`} className={buttonClass('primary')}>
            <LogIn aria-hidden="true" size={18} /> Login
          </Link>
          <Link to={`/register?redirect=${back}`} className={buttonClass('ghost')}>
            <UserPlus aria-hidden="true" size={18} /> Register
          </Link>
        </div>
      </div>
    </section>
  );
}

const menuLink = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-2 rounded-xl px-3 py-2 text-left text-sm font-semibold transition-colors [&>svg]:shrink-0 ${isActive ? 'bg-ink text-volt' : 'text-ink hover:bg-paper'}`;

function AccountShell() {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const heading = accountHeading(accountSubPath(pathname));
  const [leaving, setLeaving] = useState(false);
  useTitle(heading);

  async function onLogOut() {
    setLeaving(true);
    try {
      await dispatch(logOut());
      navigate('/', { replace: true });
    } catch {
      setLeaving(false);
      showAlert(AUTH_TEXTS.logoutFailed);
    }
  }

  return (
    <div className="mx-auto grid max-w-[1280px] grid-cols-1 gap-6 px-4 py-6 sm:px-6 md:grid-cols-[17rem_minmax(0,1fr)] md:py-10">
      <nav aria-label="My account" className="min-w-0 md:sticky md:top-24 md:self-start">
        <ul className="grid grid-cols-2 gap-1 rounded-2xl border border-line bg-white p-2 md:grid-cols-1">
          <li>
            <NavLink to="/myAccount" end className={menuLink}>
              <UserRound aria-hidden="true" size={18} /> Profile
            </NavLink>
          </li>
          <li>
            <NavLink to="/myAccount/WholesaleRegistration" className={menuLink}>
              <Store aria-hidden="true" size={18} /> Wholesaler Registration
            </NavLink>
          </li>
          <li>
            <NavLink to="/myAccount/orders" className={menuLink}>
              <Package aria-hidden="true" size={18} /> Orders
            </NavLink>
          </li>
          <li>
            <NavLink to="/myAccount/wishlist" className={menuLink}>
              <Heart aria-hidden="true" size={18} /> Wishlist
            </NavLink>
          </li>
          <li>
            <NavLink to="/myAccount/changePassword" className={menuLink}>
              <KeyRound aria-hidden="true" size={18} /> Change Password
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              disabled={leaving}
              onClick={() => void onLogOut()}
              className={`${menuLink({ isActive: false })} w-full text-sale`}
            >
              <LogOut aria-hidden="true" size={18} /> Log out
            </button>
          </li>
        </ul>
      </nav>
      <section aria-labelledby="account-heading" className="min-w-0">
        <h1 id="account-heading" className="font-display text-3xl font-bold uppercase sm:text-4xl">
          {heading}
        </h1>
        <div className="mt-5">
          <Outlet />
        </div>
      </section>
    </div>
  );
}

export default function AccountLayout() {
  const user = useSessionSelector(selectUser);
  const { pathname } = useLocation();
  if (!user && accountSubPath(pathname) === '') return <LoggedOutPrompt />;
  return (
    <RequireUser>
      <AccountShell />
    </RequireUser>
  );
}
