import { describe, expect, it } from 'vitest';
import {
  checkCsvHeader,
  CSV_COLUMNS,
  csvRowOf,
  escapeCell,
  parseBooleanText,
  parseCsvProduct,
  parseSizesText,
  unescapeCell,
  type CsvColumn,
  type CsvProduct,
} from './catalogue-csv.js';

const product: CsvProduct = {
  id: 7,
  name: 'Kerala Blasters Home 2024',
  status: 'active',
  category: 'Club Jerseys',
  subCategory: 'ISL',
  team: 'Kerala Blasters',
  player: '',
  pricePaise: 199_900,
  discountPricePaise: 149_950,
  hsnCode: '6109',
  lowStockThreshold: 3,
  tag: 'home',
  isLimited: false,
  isPromoted: true,
  sizes: [
    { size: 'S', stock: 5 },
    { size: 'M', stock: 10 },
    { size: 'L', stock: 0 },
  ],
  pictures: ['images/products/a.webp', 'images/products/b.webp', ''],
  productDetails: 'Made for Kochi evenings.',
};

const cellsOf = (row: string[]) =>
  Object.fromEntries(
    CSV_COLUMNS.map((c, i) => [c, unescapeCell(escapeCell(row[i] ?? ''))]),
  ) as Record<CsvColumn, string>;

describe('catalogue CSV cells', () => {
  it('writes formulas as text and reads every text back as it was', () => {
    const texts = [
      '=1+1',
      '+91 98470',
      '-5%',
      '@home',
      '\tx',
      '\rx',
      "'=a",
      "''+b",
      "'plain",
      'plain',
      '',
    ];
    for (const text of texts) {
      const written = escapeCell(text);
      expect(/^[=+\-@\t\r]/.test(written), written).toBe(false);
      expect(unescapeCell(written)).toBe(text);
    }
    expect(escapeCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(escapeCell("'plain")).toBe("'plain");
    expect(escapeCell('-12.50')).toBe('-12.50');
    expect(escapeCell('-12.50+1')).toBe("'-12.50+1");
  });

  it('reads a row the export wrote as the same product', () => {
    expect(parseCsvProduct(cellsOf(csvRowOf(product)))).toEqual({ ok: true, product });
    expect(csvRowOf(product)[CSV_COLUMNS.indexOf('sizes')]).toBe('S:5|M:10|L:0');
    expect(csvRowOf(product)[CSV_COLUMNS.indexOf('price')]).toBe('1999.00');
  });

  it('names every bad column of a row with the product form’s messages', () => {
    const cells = cellsOf(csvRowOf(product));
    const bad = parseCsvProduct({
      ...cells,
      price: '',
      discount_price: '2500',
      sizes: 'S:1|s:2',
      is_limited: 'maybe',
      picture_2: '../etc/passwd',
    });
    expect(bad).toEqual({
      ok: false,
      errors: [
        { column: 'price', message: 'price must be rupees, like 1499.00' },
        { column: 'is_limited', message: 'is_limited must be yes or no' },
        { column: 'sizes', message: 'each size may appear only once' },
        {
          column: 'picture_2',
          message: "picture_2 must be a picture's path in the shop, like images/products/name.webp",
        },
      ],
    });
  });

  it('reads sizes, yes and no, and checks the header', () => {
    expect(parseSizesText(' S : 5 | XL:0 ')).toEqual([
      { size: 'S', stock: 5 },
      { size: 'XL', stock: 0 },
    ]);
    expect(parseSizesText('S=5')).toBeUndefined();
    expect(parseSizesText('S:-1')).toBeUndefined();
    expect([parseBooleanText('Yes'), parseBooleanText('FALSE'), parseBooleanText('')]).toEqual([
      true,
      false,
      false,
    ]);
    expect(checkCsvHeader([...CSV_COLUMNS])).toEqual([]);
    expect(checkCsvHeader(['id', 'id', ...CSV_COLUMNS.slice(1, -1)])).toEqual([
      { column: 'id', message: 'column id appears twice' },
      { column: 'product_details', message: 'column product_details is missing' },
    ]);
  });
});
