// Every browsing route of the spec (section 2), each page its own chunk. Login, checkout and
// account routes arrive with the next issue; until then they meet the 404 page.
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';

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

export function AppRoutes() {
  return (
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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
