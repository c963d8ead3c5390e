import { formatRupees } from '@kitroom/contract';
import { describe, expect, it } from 'vitest';
import {
  cardName,
  cartLineName,
  imageSrc,
  initials,
  kitLine,
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

describe('kit and season line', () => {
  it('tells the Real Madrid cards apart', () => {
    const tag = 'Real Madrid,2026/27,club jersey,La Liga';
    expect(kitLine('Real Madrid Home Jersey 2026/27', tag)).toBe('Home · 2026/27');
    expect(kitLine('Real Madrid Away Jersey 2026/27', tag)).toBe('Away · 2026/27');
    expect(kitLine('Real Madrid Third Jersey 2025/26')).toBe('Third · 2025/26');
    expect(kitLine('Retro Real Madrid 2002 Home Jersey')).toBe('Retro · Home · 2002');
    expect(kitLine('Real Madrid Training Top 2026/27')).toBe('Training · 2026/27');
    expect(kitLine('Real Madrid Tracksuit 2026/27')).toBe('Tracksuit · 2026/27');
    expect(kitLine('Vinícius Jr Real Madrid Player Edition Jersey', tag)).toBe(
      'Player Edition · 2026/27',
    );
  });
  it('takes the season from the tag when the name has none', () => {
    expect(kitLine('Real Madrid Kids Home Kit', 'Real Madrid,2026/27,kids kit,La Liga')).toBe(
      'Kids · Home · 2026/27',
    );
    expect(kitLine('Plain Black Socks', 'socks,training')).toBe('');
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
