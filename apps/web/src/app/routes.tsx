// Every route of the spec (section 2), each page its own chunk. Checkout and the order page
// sit behind the access guard; /myAccount guards its own children. Pages that depend on this
// browser (its logged-in user, navigation state) render after hydration: the server and the
// hydrating browser both show the page loader there.
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { useAfterLoad } from '@/ui/use-after-load';
import { useHydrated } from '@/ui/use-hydrated';
import { AppLayout, PageLoader } from './app-layout';

const HomePage = lazy(() => import('@/features/catalogue/home-page'));
const AllProductsPage = lazy(() => import('@/features/catalogue/all-products-page'));
const CategoryPage = lazy(() => import('@/features/catalogue/category-page'));
const ProductPage = lazy(() => import('@/features/catalogue/product-page'));
const SearchPage = lazy(() => import('@/features/search/search-page'));
const TeamPage = lazy(() => import('@/features/teams/team-page'));
const PlayerPage = lazy(() => import('@/features/teams/player-page'));
const TeamsListPage = lazy(() => import('@/features/teams/teams-list-page'));
const PlayersListPage = lazy(() => import('@/features/teams/players-list-page'));
const ContactPage = lazy(() => import('@/features/info/contact-page'));
const TermsPage = lazy(() => import('@/features/info/terms-page'));
const ReturnPolicyPage = lazy(() => import('@/features/info/return-policy-page'));
const PrivacyPolicyPage = lazy(() => import('@/features/info/privacy-policy-page'));
const ShippingPolicyPage = lazy(() => import('@/features/info/shipping-policy-page'));
const RefundPolicyPage = lazy(() => import('@/features/info/refund-policy-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));
// Background work of every page load (session check, referral codes), after the load event.
const SessionKeeper = lazy(() => import('@/features/accounts/session-keeper'));
const ReferralKeeper = lazy(() => import('@/features/referrals/referral-keeper'));
const LoginPage = lazy(() => import('@/features/accounts/login-page'));
const RequireUser = lazy(() => import('@/features/accounts/require-user'));
const AccountLayout = lazy(() => import('@/features/accounts/account-layout'));
const ProfilePage = lazy(() => import('@/features/accounts/profile-page'));
const ChangePasswordPage = lazy(() => import('@/features/accounts/change-password-page'));
const WholesalePage = lazy(() => import('@/features/wholesale/wholesale-page'));
const OrdersPage = lazy(() => import('@/features/orders/orders-page'));
const OrderDetailPage = lazy(() => import('@/features/orders/order-detail-page'));
const CodConfirmPage = lazy(() => import('@/features/orders/cod-confirm-page'));
const CheckoutPage = lazy(() => import('@/features/checkout/checkout-page'));
const ReferralLinkPage = lazy(() => import('@/features/referrals/referral-link-page'));

function BrowserOnly() {
  return useHydrated() ? <Outlet /> : <PageLoader />;
}

function Keepers() {
  if (!useAfterLoad()) return null;
  return (
    <Suspense fallback={null}>
      <SessionKeeper />
      <ReferralKeeper />
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <>
      <Keepers />
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="allProducts" element={<AllProductsPage />} />
          <Route path="productCategory/teams" element={<TeamsListPage />} />
          <Route path="productCategory/players" element={<PlayersListPage />} />
          <Route path="productCategory/team/:slug" element={<TeamPage />} />
          <Route path="productCategory/player/:slug" element={<PlayerPage />} />
          <Route path="productCategory/:category" element={<CategoryPage />} />
          <Route path="product/:id" element={<ProductPage />} />
          <Route path="searchPage" element={<SearchPage />} />
          <Route path="searchPage/:term" element={<SearchPage />} />
          <Route path="contactUs" element={<ContactPage />} />
          <Route path="terms&conditions" element={<TermsPage />} />
          <Route path="returnPolicy" element={<ReturnPolicyPage />} />
          <Route path="privacyPolicy" element={<PrivacyPolicyPage />} />
          <Route path="shippingPolicy" element={<ShippingPolicyPage />} />
          <Route path="refundPolicy" element={<RefundPolicyPage />} />
          <Route element={<BrowserOnly />}>
            <Route path="login" element={<LoginPage key="login" />} />
            <Route path="register" element={<LoginPage key="register" mode="register" />} />
            <Route path="myAccount" element={<AccountLayout />}>
              <Route index element={<ProfilePage />} />
              <Route path="WholesaleRegistration" element={<WholesalePage />} />
              <Route path="orders" element={<OrdersPage />} />
              <Route path="changePassword" element={<ChangePasswordPage />} />
            </Route>
            <Route element={<RequireUser />}>
              <Route path="checkOut" element={<CheckoutPage />} />
              <Route path="reviewOrdersDetails/:orderId" element={<OrderDetailPage />} />
            </Route>
            <Route path="link/*" element={<ReferralLinkPage />} />
            <Route path="confirmOrder/:orderId" element={<CodConfirmPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
