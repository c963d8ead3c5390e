// Every page of the back office, under /admin. Pages fetch their own data with TanStack Query.
import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { SetupPage } from '@/features/setup/setup-page';
import { SignInPage } from '@/features/sign-in/sign-in-page';
import { NotFoundPage } from './not-found-page';
import { Allowed, Shell } from './shell';

// Pages load with their first visit (one chunk each); the sign-in, setup and dashboard pages,
// where every visit starts, come with the app.
const page = <M,>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));
const AuditPage = page(() => import('@/features/audit/audit-page'), 'AuditPage');
const CategoriesPage = page(
  () => import('@/features/categories/categories-page'),
  'CategoriesPage',
);
const SizeChartsPage = page(
  () => import('@/features/size-charts/size-charts-page'),
  'SizeChartsPage',
);
const NewProductPage = page(
  () => import('@/features/products/product-editor-page'),
  'NewProductPage',
);
const ProductEditorPage = page(
  () => import('@/features/products/product-editor-page'),
  'ProductEditorPage',
);
const ProductsPage = page(() => import('@/features/products/products-page'), 'ProductsPage');
const CouponFormPage = page(() => import('@/features/coupons/coupon-form-page'), 'CouponFormPage');
const CouponsPage = page(() => import('@/features/coupons/coupons-page'), 'CouponsPage');
const GiveawaysPage = page(() => import('@/features/giveaways/giveaways-page'), 'GiveawaysPage');
const LaunchesPage = page(() => import('@/features/launches/launches-page'), 'LaunchesPage');
const LaunchFormPage = page(() => import('@/features/launches/launch-form-page'), 'LaunchFormPage');
const GiveawayFormPage = page(
  () => import('@/features/giveaways/giveaway-form-page'),
  'GiveawayFormPage',
);
const FeedbackEntryPage = page(
  () => import('@/features/feedback/feedback-entry-page'),
  'FeedbackEntryPage',
);
const FeedbackPage = page(() => import('@/features/feedback/feedback-page'), 'FeedbackPage');
const ReferralsPage = page(() => import('@/features/referrals/referrals-page'), 'ReferralsPage');
const TaxPage = page(() => import('@/features/tax/tax-page'), 'TaxPage');
const StatusPage = page(() => import('@/features/status/status-page'), 'StatusPage');
const RefundsPage = page(() => import('@/features/refunds/refunds-page'), 'RefundsPage');
const ReconciliationPage = page(
  () => import('@/features/reconciliation/reconciliation-page'),
  'ReconciliationPage',
);
const ReturnPage = page(() => import('@/features/returns/return-page'), 'ReturnPage');
const ReturnsPage = page(() => import('@/features/returns/returns-page'), 'ReturnsPage');
const DeliveriesPage = page(
  () => import('@/features/deliveries/deliveries-page'),
  'DeliveriesPage',
);
const ReviewsPage = page(() => import('@/features/reviews/reviews-page'), 'ReviewsPage');
const CatalogueCsvPage = page(
  () => import('@/features/catalogue-csv/catalogue-csv-page'),
  'CatalogueCsvPage',
);
const OrderPage = page(() => import('@/features/orders/order-page'), 'OrderPage');
const OrdersPage = page(() => import('@/features/orders/orders-page'), 'OrdersPage');
const StaffPage = page(() => import('@/features/staff/staff-page'), 'StaffPage');
const WholesalePage = page(() => import('@/features/wholesale/wholesale-page'), 'WholesalePage');
const PriceListsPage = page(
  () => import('@/features/wholesale/price-lists-page'),
  'PriceListsPage',
);
const PlayersPage = page(() => import('@/features/profiles/profiles-page'), 'PlayersPage');
const TeamsPage = page(() => import('@/features/profiles/profiles-page'), 'TeamsPage');
const SettingsPage = page(() => import('@/features/settings/settings-page'), 'SettingsPage');
const ErasuresPage = page(() => import('@/features/privacy/erasures-page'), 'ErasuresPage');
const CustomersPage = page(() => import('@/features/customers/customers-page'), 'CustomersPage');
const CustomerPage = page(() => import('@/features/customers/customer-page'), 'CustomerPage');
const BackupsPage = page(() => import('@/features/backups/backups-page'), 'BackupsPage');

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
    { path: 'size-charts', element: allowed('catalogue.read', <SizeChartsPage />) },
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
      {
        path: 'customers',
        element: (
          <Allowed permission="customers.read">
            <CustomersPage />
          </Allowed>
        ),
      },
      {
        path: 'customers/:id',
        element: (
          <Allowed permission="customers.read">
            <CustomerPage />
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
        path: 'erasures',
        element: (
          <Allowed permission="customers.read">
            <ErasuresPage />
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
        path: 'reconciliation',
        element: (
          <Allowed permission="reports.read">
            <ReconciliationPage />
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
        path: 'launches',
        element: (
          <Allowed permission="catalogue.read">
            <LaunchesPage />
          </Allowed>
        ),
      },
      {
        path: 'launches/new',
        element: (
          <Allowed permission="catalogue.write">
            <LaunchFormPage />
          </Allowed>
        ),
      },
      {
        path: 'launches/:id',
        element: (
          <Allowed permission="catalogue.read">
            <LaunchFormPage />
          </Allowed>
        ),
      },
      {
        path: 'giveaways',
        element: (
          <Allowed permission="coupons.manage">
            <GiveawaysPage />
          </Allowed>
        ),
      },
      {
        path: 'giveaways/new',
        element: (
          <Allowed permission="coupons.manage">
            <GiveawayFormPage />
          </Allowed>
        ),
      },
      {
        path: 'giveaways/:id',
        element: (
          <Allowed permission="coupons.manage">
            <GiveawayFormPage />
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
        path: 'deliveries',
        element: (
          <Allowed permission="orders.fulfil">
            <DeliveriesPage />
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
        path: 'wholesale/price-lists',
        element: (
          <Allowed permission="wholesale.manage">
            <PriceListsPage />
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
        path: 'status',
        element: (
          <Allowed permission="reports.read">
            <StatusPage />
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
      {
        path: 'backups',
        element: (
          <Allowed permission="settings.manage">
            <BackupsPage />
          </Allowed>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
