import { formatRupees } from '@kitroom/contract';
import { describe, expect, it } from 'vitest';
import {
  cardName,
  cartLineName,
  imageSrc,
  initials,
  percentOffLabel,
  similarName,
} from './product-text';

describe('name truncation', () => {
  it('cuts cart lines at 15 characters and adds ..', () => {
    expect(cartLineName('Real Madrid Home 2025')).toBe('Real Madrid Hom..');
    expect(cartLineName('Short name')).toBe('Short name');
    expect(cartLineName('Exactly15Chars!')).toBe('Exactly15Chars!');
  });

  it('cuts product cards at 12 characters', () => {
    expect(cardName('Manchester United Away')).toBe('Manchester U..');
    expect(cardName('Liverpool FC')).toBe('Liverpool FC');
  });

  it("cuts similar products to 13 plus '..' once the name has 10 characters", () => {
    expect(similarName('Barcelona')).toBe('Barcelona');
    expect(similarName('Barcelona!')).toBe('Barcelona!..');
    expect(similarName('Bayern Munich Third 2025')).toBe('Bayern Munich..');
  });
});

describe('discounts and prices', () => {
  it('labels the rounded percent off only when the discount price is lower', () => {
    expect(percentOffLabel(1299, 899)).toBe('31% OFF');
    expect(percentOffLabel(1000, 1000)).toBeNull();
    expect(percentOffLabel(999, 1200)).toBeNull();
    expect(percentOffLabel(0, 0)).toBeNull();
  });

  it('formats rupees the Indian way', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(899)).toBe('₹899');
    expect(formatRupees(1299.5)).toBe('₹1,299.50');
  });
});

describe('images', () => {
  it('serves product images from the site root', () => {
    expect(imageSrc('images/products/1.webp')).toBe('/images/products/1.webp');
    expect(imageSrc('/images/products/1.webp')).toBe('/images/products/1.webp');
  });

  it('makes initials of the first and last word', () => {
    expect(initials('Lionel Messi')).toBe('LM');
    expect(initials('Paris Saint-Germain')).toBe('PS');
    expect(initials('Neymar')).toBe('N');
  });
});
