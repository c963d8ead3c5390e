// Every page of the route table has its head rule, under its own route id: renaming or
// adding a route without one would send its pages with another's title (or none) silently.
import type { RouteObject } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { pageQuery, pageRules } from './page-heads';
import { routes } from './routes';

/** The ids of the routes that are pages: those without children. */
function pageIds(list: RouteObject[]): string[] {
  return list.flatMap((route) =>
    route.children ? pageIds(route.children) : route.id ? [route.id] : [],
  );
}

describe('page heads', () => {
  it('has a rule for every page of the route table, and none for a route it does not have', () => {
    const pages = pageIds(routes);
    expect(pages.length).toBeGreaterThan(20);
    expect(Object.keys(pageRules).sort()).toEqual([...pages].sort());
  });

  it("keeps the query parameters a page reads, as they came, and drops a link's others", () => {
    const names = pageRules.allProducts!.query!;
    expect(pageQuery('utm_source=x&team=Real%20Madrid&fbclid=1&start=50', names)).toBe(
      'team=Real%20Madrid&start=50',
    );
    expect(pageQuery('%E0%A4%A=1&sub=Home', names)).toBe('sub=Home');
    expect(pageQuery('redirect=%2FcheckOut', [])).toBe('');
  });
});
