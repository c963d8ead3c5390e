import { SORT_TEXTS } from '@kitroom/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from './router';
import { describe, expect, it } from 'vitest';
import { SortSelect, useSortParam } from './sort-select';

function Listing({ ownOrder }: { ownOrder?: string }) {
  const [sort, setSort] = useSortParam();
  const { search } = useLocation();
  return (
    <>
      <SortSelect value={sort} onChange={setSort} {...(ownOrder ? { ownOrder } : {})} />
      <p data-testid="query">{search}</p>
    </>
  );
}

function open(at: string, ownOrder?: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Listing {...(ownOrder ? { ownOrder } : {})} />
    </MemoryRouter>,
  );
  return screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
}

const query = () => screen.getByTestId('query').textContent;

describe('the sort control', () => {
  it('offers the shop’s own order first, then every sort by its name', () => {
    const select = open('/allProducts');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Featured'],
      ['newest', 'Newest'],
      ['price-asc', 'Price: low to high'],
      ['price-desc', 'Price: high to low'],
      ['popular', 'Popular'],
      ['rating', 'Top rated'],
    ]);
    expect(select.value).toBe('');
  });

  it('names search’s own order Best match', () => {
    const select = open('/searchPage/messi', SORT_TEXTS.searchDefault);
    expect(select.options[0]?.textContent).toBe('Best match');
  });

  it('shows the sort the address names', () => {
    expect(open('/allProducts?sort=price-desc').value).toBe('price-desc');
  });

  it('shows the shop’s own order for a sort the address names that it does not know', () => {
    expect(open('/allProducts?sort=cheapest').value).toBe('');
  });

  it('writes the sort into the address, keeping the filters and starting at the first page', () => {
    const select = open('/allProducts?team=Kerala+Blasters&start=50');
    fireEvent.change(select, { target: { value: 'price-asc' } });
    expect(select.value).toBe('price-asc');
    expect(query()).toBe('?team=Kerala+Blasters&sort=price-asc');
    fireEvent.change(select, { target: { value: 'rating' } });
    expect(query()).toBe('?team=Kerala+Blasters&sort=rating');
    // The shop's own order leaves the address as it was before sorting.
    fireEvent.change(select, { target: { value: '' } });
    expect(select.value).toBe('');
    expect(query()).toBe('?team=Kerala+Blasters');
  });
});
