import type { ProductSummary } from '@kitroom/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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
});
