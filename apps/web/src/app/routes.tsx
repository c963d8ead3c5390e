// The storefront's one route table (spec section 2; decision 040): every page its own lazy
// module, its data in its route's loader (the root's: the footer's shop details). A page is
// loaded by page-data.ts's loadRoutes (its modules and its loaders' data), on the server
// (entry-server.tsx, which also takes each page's head from app/page-heads.ts by route id)
// as in the browser (loading-router.tsx), then rendered by AppRoutes. The order page sits
// behind the access guard; /myAccount and checkout guard themselves. Pages that depend on
// this browser (its logged-in user, navigation state) render after hydration: the server and
// the hydrating browser both show the page loader there, or (checkout) the page's frame.
import { Suspense, useState } from 'react';
import { lazyPart } from '@/ui/lazy-part';
import { Outlet, useRoutes, type RouteObject } from '@/ui/router';
import {
  allProductsLoader,
  categoryLoader,
  homeLoader,
  productLoader,
} from '@/features/catalogue/loaders';
import { sessionLoader } from '@/features/accounts/session-loader';
import { selectUser, type SessionState } from '@/features/accounts/session-slice';
import { giveawayLoader } from '@/features/giveaways/giveaway-loader';
import { collectionListLoader, playerLoader, teamLoader } from '@/features/teams/loaders';
import { hasReferralWork } from '@/features/referrals/referral-keys';
import { shopDetailsLoader } from '@/ui/shop-details';
import { useStore } from '@/ui/small-store';
import { useAfterLoad } from '@/ui/use-after-load';
import { useHydrated } from '@/ui/use-hydrated';
import { AppLayout, PageLoader } from './app-layout';

// Background work of a page load (session check, referral codes), after the load event, and
// only for a browser that holds something to work on: a guest loads neither.
const SessionKeeper = lazyPart(() => import('@/features/accounts/session-keeper'));
const ReferralKeeper = lazyPart(() => import('@/features/referrals/referral-keeper'));

/** A route's page: the default export of its module, loaded when the route matches. */
function page(module: () => Promise<{ default: React.ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await module()).default });
}

function BrowserOnly() {
  return useHydrated() ? <Outlet /> : <PageLoader />;
}

function Keepers() {
  if (!useAfterLoad()) return null;
  return <KeepersWithWork />;
}

function KeepersWithWork() {
  const store = useStore<{ session: SessionState }>();
  // Read once, when the page has loaded, as each keeper does when it runs: a login or a
  // followed referral link later in this page load is not theirs to handle.
  const [work] = useState(() => ({
    session: selectUser(store.getState()) !== null,
    referrals: hasReferralWork(),
  }));
  if (!work.session && !work.referrals) return null;
  return (
    <Suspense fallback={null}>
      {work.session && <SessionKeeper />}
      {work.referrals && <ReferralKeeper />}
    </Suspense>
  );
}

function Root() {
  return (
    <>
      <Keepers />
      <AppLayout />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    loader: shopDetailsLoader,
    children: [
      {
        id: 'home',
        index: true,
        loader: homeLoader,
        lazy: page(() => import('@/features/catalogue/home-page')),
      },
      {
        id: 'allProducts',
        path: 'allProducts',
        loader: allProductsLoader,
        lazy: page(() => import('@/features/catalogue/all-products-page')),
      },
      {
        id: 'teams',
        path: 'productCategory/teams',
        loader: collectionListLoader,
        lazy: page(() => import('@/features/teams/teams-list-page')),
      },
      {
        id: 'players',
        path: 'productCategory/players',
        loader: collectionListLoader,
        lazy: page(() => import('@/features/teams/players-list-page')),
      },
      {
        id: 'team',
        path: 'productCategory/team/:slug',
        loader: teamLoader,
        lazy: page(() => import('@/features/teams/team-page')),
      },
      {
        id: 'player',
        path: 'productCategory/player/:slug',
        loader: playerLoader,
        lazy: page(() => import('@/features/teams/player-page')),
      },
      {
        id: 'category',
        path: 'productCategory/:category',
        loader: categoryLoader,
        lazy: page(() => import('@/features/catalogue/category-page')),
      },
      {
        id: 'product',
        path: 'product/:id',
        loader: productLoader,
        lazy: page(() => import('@/features/catalogue/product-page')),
      },
      {
        id: 'search',
        path: 'searchPage',
        lazy: page(() => import('@/features/search/search-page')),
      },
      {
        id: 'searchTerm',
        path: 'searchPage/:term',
        lazy: page(() => import('@/features/search/search-page')),
      },
      {
        id: 'giveaway',
        path: 'giveaway/:slug?',
        loader: giveawayLoader,
        lazy: page(() => import('@/features/giveaways/giveaway-page')),
      },
      {
        id: 'contact',
        path: 'contactUs',
        lazy: page(() => import('@/features/info/contact-page')),
      },
      {
        id: 'terms',
        path: 'terms&conditions',
        lazy: page(() => import('@/features/info/terms-page')),
      },
      {
        id: 'returnPolicy',
        path: 'returnPolicy',
        lazy: page(() => import('@/features/info/return-policy-page')),
      },
      {
        id: 'privacyPolicy',
        path: 'privacyPolicy',
        lazy: page(() => import('@/features/info/privacy-policy-page')),
      },
      {
        id: 'shippingPolicy',
        path: 'shippingPolicy',
        lazy: page(() => import('@/features/info/shipping-policy-page')),
      },
      {
        id: 'refundPolicy',
        path: 'refundPolicy',
        lazy: page(() => import('@/features/info/refund-policy-page')),
      },
      {
        // Rendered by the server as its frame (decision 083); guarded once hydrated.
        id: 'checkout',
        path: 'checkOut',
        loader: sessionLoader,
        lazy: page(() => import('./checkout-route')),
      },
      {
        element: <BrowserOnly />,
        children: [
          {
            id: 'login',
            path: 'login',
            lazy: async () => {
              const { default: LoginPage } = await import('@/features/accounts/login-page');
              return { Component: () => <LoginPage key="login" /> };
            },
          },
          {
            id: 'register',
            path: 'register',
            lazy: async () => {
              const { default: LoginPage } = await import('@/features/accounts/login-page');
              return { Component: () => <LoginPage key="register" mode="register" /> };
            },
          },
          {
            id: 'account',
            path: 'myAccount',
            loader: sessionLoader,
            lazy: page(() => import('@/features/accounts/account-layout')),
            children: [
              {
                id: 'profile',
                index: true,
                lazy: page(() => import('@/features/accounts/profile-page')),
              },
              {
                id: 'wholesale',
                path: 'WholesaleRegistration',
                lazy: page(() => import('@/features/wholesale/wholesale-page')),
              },
              {
                id: 'wishlist',
                path: 'wishlist',
                lazy: page(() => import('@/features/wishlist/wishlist-page')),
              },
              {
                id: 'orders',
                path: 'orders',
                lazy: page(() => import('@/features/orders/orders-page')),
              },
              {
                id: 'changePassword',
                path: 'changePassword',
                lazy: page(() => import('@/features/accounts/change-password-page')),
              },
            ],
          },
          {
            id: 'requireUser',
            loader: sessionLoader,
            lazy: page(() => import('@/features/accounts/require-user')),
            children: [
              {
                id: 'order',
                path: 'reviewOrdersDetails/:orderId',
                lazy: page(() => import('@/features/orders/order-detail-page')),
              },
            ],
          },
          {
            id: 'referralLink',
            path: 'link/*',
            lazy: page(() => import('@/features/referrals/referral-link-page')),
          },
          {
            id: 'codConfirm',
            path: 'confirmOrder/:orderId',
            lazy: page(() => import('@/features/orders/cod-confirm-page')),
          },
          {
            id: 'cart',
            path: 'cart',
            lazy: page(() => import('./cart-page')),
          },
          {
            id: 'unsubscribe',
            path: 'unsubscribe/:token',
            lazy: page(() => import('@/features/reminders/unsubscribe-page')),
          },
          {
            id: 'notifyConfirm',
            path: 'confirmNotify/:requestId',
            lazy: page(() => import('@/features/back-in-stock/notify-confirm-page')),
          },
        ],
      },
      { id: 'notFound', path: '*', lazy: page(() => import('./not-found-page')) },
    ],
  },
];

/** The loaded page at the router's address (loadPage has loaded its modules). */
export function AppRoutes() {
  return useRoutes(routes);
}
