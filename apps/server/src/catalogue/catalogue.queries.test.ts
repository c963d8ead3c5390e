import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { listingConditions, type ListingFilter } from './catalogue.queries.js';

const dialect = new PgDialect();
const render = (f: ListingFilter, skip: Parameters<typeof listingConditions>[1] = []) =>
  dialect.sqlToQuery(listingConditions(f, skip));

const none: ListingFilter = {
  categoryIds: [],
  subCategoryIds: [],
  teamIds: [],
  playerIds: [],
  minPaise: undefined,
  maxPaise: undefined,
};

describe('listing conditions (facet logic)', () => {
  it('with no filter, only active products', () => {
    expect(render(none)).toEqual({ sql: 'p.active', params: [] });
  });

  it('ORs the values within a facet and ANDs the facets', () => {
    const q = render({ ...none, teamIds: [3, 4], playerIds: [9] });
    expect(q.sql).toBe('p.active AND p.team_id IN ($1, $2) AND p.player_id IN ($3)');
    expect(q.params).toEqual([3, 4, 9]);
  });

  it('applies the price range in paise on the discount price', () => {
    const q = render({ ...none, minPaise: 50000, maxPaise: 100000 });
    expect(q.sql).toBe(
      'p.active AND p.discount_price_paise >= $1 AND p.discount_price_paise <= $2',
    );
    expect(q.params).toEqual([50000, 100000]);
  });

  it("leaves out a facet's own selection when counting it", () => {
    const f = { ...none, categoryIds: [1], teamIds: [2], minPaise: 100 };
    expect(render(f, ['teamIds']).sql).toBe(
      'p.active AND p.category_id IN ($1) AND p.discount_price_paise >= $2',
    );
    expect(render(f, ['price']).sql).toBe(
      'p.active AND p.category_id IN ($1) AND p.team_id IN ($2)',
    );
  });
});
