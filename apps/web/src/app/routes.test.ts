import { describe, expect, it } from 'vitest';
import { matchRoutes } from '@/ui/router';
import { routes } from './routes';

/** The page (the last matched route's id) at `path`, and its params. */
function pageAt(path: string) {
  const leaf = matchRoutes(routes, path)?.at(-1);
  return { id: leaf?.route.id, params: leaf?.params };
}

// The addresses shoppers and search engines reach, with the page React Router 7 gave them.
describe('the route table', () => {
  it.each([
    ['/', 'home', {}],
    ['/allProducts', 'allProducts', {}],
    ['/productCategory/teams', 'teams', {}],
    ['/productCategory/players', 'players', {}],
    ['/productCategory/team/kerala-blasters', 'team', { slug: 'kerala-blasters' }],
    ['/productCategory/Jerseys', 'category', { category: 'Jerseys' }],
    ['/product/42', 'product', { id: '42' }],
    ['/searchPage', 'search', {}],
    ['/searchPage/kerala%20blasters', 'searchTerm', { term: 'kerala blasters' }],
    ['/giveaway', 'giveaway', {}],
    ['/giveaway/onam-2026', 'giveaway', { slug: 'onam-2026' }],
    ['/terms&conditions', 'terms', {}],
    ['/myAccount', 'profile', {}],
    ['/myAccount/orders/', 'orders', {}],
    ['/myaccount/wholesaleregistration', 'wholesale', {}],
    ['/checkOut', 'checkout', {}],
    ['/reviewOrdersDetails/17', 'order', { orderId: '17' }],
    ['/link/c/SUMMER', 'referralLink', { '*': 'c/SUMMER' }],
    ['/confirmOrder/9', 'codConfirm', { orderId: '9' }],
    ['/product', 'notFound', { '*': 'product' }],
    ['/productCategory/team/a/b', 'notFound', { '*': 'productCategory/team/a/b' }],
  ])('%s is %s', (path, id, params) => {
    expect(pageAt(path)).toEqual({ id, params });
  });

  it('puts the guarded pages behind their guard', () => {
    expect(matchRoutes(routes, '/reviewOrdersDetails/17')?.map(({ route }) => route.id)).toEqual([
      'root',
      undefined,
      'requireUser',
      'order',
    ]);
    // Checkout guards itself once hydrated, its frame rendered by the server (decision 083).
    expect(matchRoutes(routes, '/checkOut')?.map(({ route }) => route.id)).toEqual([
      'root',
      'checkout',
    ]);
  });
});
