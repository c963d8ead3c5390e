import { describe, expect, it } from 'vitest';
import { MAX_SIZE_STOCK, parseSizeStock } from './size-stock.js';

describe('parseSizeStock', () => {
  it('reads the map form', () => {
    expect(parseSizeStock({ S: 5, M: 3 })).toEqual([
      { size: 'S', stock: 5 },
      { size: 'M', stock: 3 },
    ]);
  });

  it('reads the text form, tolerating spaces', () => {
    expect(parseSizeStock('S=5, M=3')).toEqual([
      { size: 'S', stock: 5 },
      { size: 'M', stock: 3 },
    ]);
    expect(parseSizeStock('  xl = 0 ,l=12  ')).toEqual([
      { size: 'L', stock: 12 },
      { size: 'XL', stock: 0 },
    ]);
  });

  it('upper-cases sizes and orders S, M, L, XL, XXL first, then others as given', () => {
    expect(parseSizeStock({ '6-7y': 2, xxl: 1, m: 4, '28/30': 3, s: 0 })).toEqual([
      { size: 'S', stock: 0 },
      { size: 'M', stock: 4 },
      { size: 'XXL', stock: 1 },
      { size: '6-7Y', stock: 2 },
      { size: '28/30', stock: 3 },
    ]);
    expect(parseSizeStock('XXL=1, XS=2, L=3, 3XL=4').map((e) => e.size)).toEqual([
      'L',
      'XXL',
      'XS',
      '3XL',
    ]);
  });

  it('accepts zero and the largest allowed stock', () => {
    expect(parseSizeStock(`M=0, L=${MAX_SIZE_STOCK}`)).toEqual([
      { size: 'M', stock: 0 },
      { size: 'L', stock: MAX_SIZE_STOCK },
    ]);
  });

  it('refuses duplicate sizes in either form, whatever their case', () => {
    expect(() => parseSizeStock('S=5, M=3, s=1')).toThrow('Size S is given more than once');
    expect(() => parseSizeStock({ m: 1, M: 2 })).toThrow('Size M is given more than once');
  });

  it('refuses negative stock', () => {
    expect(() => parseSizeStock('S=-1')).toThrow('Stock for size S cannot be negative (-1)');
    expect(() => parseSizeStock({ L: -4 })).toThrow('Stock for size L cannot be negative (-4)');
  });

  it('refuses stock that is not a whole number', () => {
    expect(() => parseSizeStock('M=2.5')).toThrow('Stock for size M must be a whole number');
    expect(() => parseSizeStock({ M: 0.5 })).toThrow('Stock for size M must be a whole number');
  });

  it('refuses stock that is not a number at all', () => {
    expect(() => parseSizeStock('M=three')).toThrow(
      "Stock for size M must be a number, got 'three'",
    );
    expect(() => parseSizeStock('M=')).toThrow("Stock for size M must be a number, got ''");
    expect(() => parseSizeStock('M=0x10')).toThrow('Stock for size M must be a number');
    expect(() => parseSizeStock({ M: Number.NaN })).toThrow('Stock for size M must be a number');
    expect(() => parseSizeStock({ M: Number.POSITIVE_INFINITY })).toThrow(
      'Stock for size M must be a number',
    );
  });

  it('refuses absurd stock', () => {
    expect(() => parseSizeStock(`XL=${MAX_SIZE_STOCK + 1}`)).toThrow(
      `Stock for size XL is too large (${MAX_SIZE_STOCK + 1}; at most ${MAX_SIZE_STOCK})`,
    );
    expect(() => parseSizeStock({ XL: 1e12 })).toThrow('Stock for size XL is too large');
  });

  it('refuses text that is not size=stock pairs', () => {
    expect(() => parseSizeStock('S5, M=3')).toThrow("'S5' is not a size=stock pair, like 'M=3'");
    expect(() => parseSizeStock('S=5,, M=3')).toThrow("Size list 'S=5,, M=3' has an empty entry");
    expect(() => parseSizeStock('=5')).toThrow('A size name is empty');
  });

  it('refuses size names the shop cannot store', () => {
    expect(() => parseSizeStock({ 'EXTRA LARGE': 1 })).toThrow("Size 'EXTRA LARGE' is not valid");
    expect(() => parseSizeStock('ABCDEFGHIJKLM=1')).toThrow("Size 'ABCDEFGHIJKLM' is not valid");
    expect(() => parseSizeStock({ 'M-': 1 })).toThrow("Size 'M-' is not valid");
  });

  it('refuses an empty size list', () => {
    expect(() => parseSizeStock({})).toThrow('A product needs at least one size');
    expect(() => parseSizeStock('  ')).toThrow('A product needs at least one size');
  });
});
