// Every page of the back office, under /admin. Pages fetch their own data with TanStack Query.
import type { RouteObject } from 'react-router';
import { AuditPage } from '@/features/audit/audit-page';
import { CategoriesPage } from '@/features/categories/categories-page';
import { NewProductPage, ProductEditorPage } from '@/features/products/product-editor-page';
import { ProductsPage } from '@/features/products/products-page';
import { CouponFormPage } from '@/features/coupons/coupon-form-page';
import { CouponsPage } from '@/features/coupons/coupons-page';
import { FeedbackEntryPage } from '@/features/feedback/feedback-entry-page';
import { FeedbackPage } from '@/features/feedback/feedback-page';
import { ReferralsPage } from '@/features/referrals/referrals-page';
import { TaxPage } from '@/features/tax/tax-page';
import { RefundsPage } from '@/features/refunds/refunds-page';
import { ReturnPage } from '@/features/returns/return-page';
import { ReturnsPage } from '@/features/returns/returns-page';
import { ReviewsPage } from '@/features/reviews/reviews-page';
import { CatalogueCsvPage } from '@/features/catalogue-csv/catalogue-csv-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { OrderPage } from '@/features/orders/order-page';
import { OrdersPage } from '@/features/orders/orders-page';
import { SetupPage } from '@/features/setup/setup-page';
import { SignInPage } from '@/features/sign-in/sign-in-page';
import { StaffPage } from '@/features/staff/staff-page';
import { WholesalePage } from '@/features/wholesale/wholesale-page';
import { NotFoundPage } from './not-found-page';
import { Allowed, Shell } from './shell';
import { PlayersPage, TeamsPage } from '@/features/profiles/profiles-page';
import { SettingsPage } from '@/features/settings/settings-page';

export const ADMIN_BASENAME = '/admin';

/** Products, categories, teams and players: reading needs catalogue.read, a new product catalogue.write. */
function catalogueRoutes(): RouteObject[] {
  const allowed = (permission: 'catalogue.read' | 'catalogue.write', page: React.ReactNode) => (
    <Allowed permission={permission}>{page}</Allowed>
  );
  return [
    { path: 'products', element: allowed('catalogue.read', <ProductsPage />) },
    { path: 'products/new', element: allowed('catalogue.write', <NewProductPage />) },
    { path: 'products/:id', element: allowed('catalogue.read', <ProductEditorPage />) },
    { path: 'categories', element: allowed('catalogue.read', <CategoriesPage />) },
    { path: 'teams', element: allowed('catalogue.read', <TeamsPage />) },
    { path: 'players', element: allowed('catalogue.read', <PlayersPage />) },
  ];
}

export const routes: RouteObject[] = [
  { path: '/setup/:token', element: <SetupPage /> },
  { path: '/sign-in', element: <SignInPage /> },
  {
    element: <Shell />,
    children: [
      { index: true, element: <DashboardPage /> },
      {
        path: 'orders',
        element: (
          <Allowed permission="orders.read">
            <OrdersPage />
          </Allowed>
        ),
      },
      {
        path: 'orders/:id',
        element: (
          <Allowed permission="orders.read">
            <OrderPage />
          </Allowed>
        ),
      },
      ...catalogueRoutes(),
      {
        path: 'staff',
        element: (
          <Allowed permission="staff.manage">
            <StaffPage />
          </Allowed>
        ),
      },
      {
        path: 'catalogue/csv',
        element: (
          <Allowed permission="catalogue.read">
            <CatalogueCsvPage />
          </Allowed>
        ),
      },
      {
        path: 'audit',
        element: (
          <Allowed permission="audit.read">
            <AuditPage />
          </Allowed>
        ),
      },
      {
        path: 'refunds',
        element: (
          <Allowed permission="orders.refund">
            <RefundsPage />
          </Allowed>
        ),
      },
      {
        path: 'coupons',
        element: (
          <Allowed permission="coupons.manage">
            <CouponsPage />
          </Allowed>
        ),
      },
      {
        path: 'coupons/new',
        element: (
          <Allowed permission="coupons.manage">
            <CouponFormPage />
          </Allowed>
        ),
      },
      {
        path: 'coupons/:id',
        element: (
          <Allowed permission="coupons.manage">
            <CouponFormPage />
          </Allowed>
        ),
      },
      {
        path: 'returns',
        element: (
          <Allowed permission="orders.read">
            <ReturnsPage />
          </Allowed>
        ),
      },
      {
        path: 'returns/:id',
        element: (
          <Allowed permission="orders.read">
            <ReturnPage />
          </Allowed>
        ),
      },
      {
        path: 'reviews',
        element: (
          <Allowed permission="reviews.manage">
            <ReviewsPage />
          </Allowed>
        ),
      },
      {
        path: 'feedback',
        element: (
          <Allowed permission="feedback.manage">
            <FeedbackPage />
          </Allowed>
        ),
      },
      {
        path: 'feedback/:id',
        element: (
          <Allowed permission="feedback.manage">
            <FeedbackEntryPage />
          </Allowed>
        ),
      },
      {
        path: 'wholesale',
        element: (
          <Allowed permission="wholesale.manage">
            <WholesalePage />
          </Allowed>
        ),
      },
      {
        path: 'referrals',
        element: (
          <Allowed permission="reports.read">
            <ReferralsPage />
          </Allowed>
        ),
      },
      {
        path: 'tax',
        element: (
          <Allowed permission="reports.read">
            <TaxPage />
          </Allowed>
        ),
      },
      {
        path: 'settings',
        element: (
          <Allowed permission="settings.manage">
            <SettingsPage />
          </Allowed>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
