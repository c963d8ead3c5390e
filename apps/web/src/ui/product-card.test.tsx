import type { ProductSummary } from '@kitroom/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from './router';
import { describe, expect, it } from 'vitest';
import { ProductCard } from './product-card';

const realMadrid = (id: number, name: string): ProductSummary => ({
  id,
  name,
  price: 1999,
  discount_price: 1799,
  image_url: `images/products/${id}.webp`,
  stock_quantity: 9,
  size: { M: 9 },
  category_name: 'Club Jerseys',
  sub_category_name: 'La Liga',
  team_name: 'Real Madrid',
  player_name: null,
  tag: 'Real Madrid,2026/27,club jersey,La Liga',
  product_rating: 0,
  review_count: 0,
});

describe('product card', () => {
  it('keeps the 12-character name and tells look-alike shirts apart by kit and season', () => {
    render(
      <MemoryRouter>
        <ProductCard product={realMadrid(1, 'Real Madrid Home Jersey 2026/27')} />
        <ProductCard product={realMadrid(2, 'Real Madrid Away Jersey 2026/27')} />
      </MemoryRouter>,
    );
    const [home, away] = screen.getAllByRole('article');
    expect(home!.textContent).toContain('Real Madrid ..');
    expect(home!.textContent).toContain('Home · 2026/27');
    expect(away!.textContent).toContain('Away · 2026/27');
  });

  it('shows the rating with its review count, and the scarcest size when 3 or fewer are left', () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={{
            ...realMadrid(1, 'Real Madrid Home Jersey 2026/27'),
            size: { S: 0, M: 7, L: 2, XL: 3 },
            stock_quantity: 12,
            product_rating: 4.25,
            review_count: 12,
          }}
        />
        <ProductCard
          product={{ ...realMadrid(2, 'Real Madrid Away Jersey 2026/27'), size: { M: 4, L: 9 } }}
        />
        <ProductCard
          product={{
            ...realMadrid(3, 'Real Madrid Third Jersey 2026/27'),
            size: { M: 0 },
            stock_quantity: 0,
          }}
        />
      </MemoryRouter>,
    );
    const [reviewed, plenty, soldOut] = screen.getAllByRole('article');
    expect(reviewed!.textContent).toContain('Only 2 left in L');
    expect(reviewed!.textContent).toContain('Rated 4.3 out of 5 from 12 reviews');
    expect(plenty!.textContent).not.toMatch(/left|Rated/);
    expect(soldOut!.textContent).toContain('Sold out');
    expect(soldOut!.textContent).not.toMatch(/left|Rated/);
  });
});
