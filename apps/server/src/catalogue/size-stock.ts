// Stock per size, as imports and the spec write it: a map {S: 5, M: 3} or the text 'S=5, M=3'.
import { SIZES } from '@kitroom/contract';

export interface SizeStockEntry {
  size: string;
  stock: number;
}

/** More than this on one size of one product is a typing mistake, not stock. */
export const MAX_SIZE_STOCK = 100_000;

// Letters and digits, with '-' or '/' inside for sizes like '6-7Y' or '28/30'; the
// database allows 1 to 12 characters.
const SIZE_PATTERN = /^[A-Z0-9](?:[A-Z0-9/-]{0,10}[A-Z0-9])?$/;

function checkSize(raw: string): string {
  const size = raw.trim().toUpperCase();
  if (size === '') throw new Error('A size name is empty');
  if (!SIZE_PATTERN.test(size)) {
    throw new Error(
      `Size '${raw.trim()}' is not valid: use 1 to 12 letters or digits, like S, XL or 6-7Y`,
    );
  }
  return size;
}

function checkStock(size: string, value: unknown): number {
  const text = String(value).trim();
  // Text must be plain decimal digits: '0x10' or '1e3' are typing mistakes, not numbers.
  const stock =
    typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(stock)) {
    throw new Error(`Stock for size ${size} must be a number, got '${text}'`);
  }
  if (stock < 0) throw new Error(`Stock for size ${size} cannot be negative (${stock})`);
  if (!Number.isInteger(stock)) {
    throw new Error(`Stock for size ${size} must be a whole number, got ${stock}`);
  }
  if (stock > MAX_SIZE_STOCK) {
    throw new Error(`Stock for size ${size} is too large (${stock}; at most ${MAX_SIZE_STOCK})`);
  }
  return stock;
}

function pairsOfText(text: string): [string, string][] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const cut = part.indexOf('=');
    if (cut === -1) {
      throw new Error(
        part.trim() === ''
          ? `Size list '${text.trim()}' has an empty entry`
          : `'${part.trim()}' is not a size=stock pair, like 'M=3'`,
      );
    }
    return [part.slice(0, cut), part.slice(cut + 1)];
  });
}

const sizeRank = (size: string): number => {
  const rank = (SIZES as readonly string[]).indexOf(size);
  return rank === -1 ? SIZES.length : rank;
};

/**
 * Parses stock per size from a map or 'S=5, M=3' text: sizes upper-cased, S, M, L, XL, XXL
 * first, then any other size in the order given. Throws an Error naming the problem.
 */
export function parseSizeStock(input: string | Record<string, number>): SizeStockEntry[] {
  const pairs: [string, unknown][] =
    typeof input === 'string' ? pairsOfText(input) : Object.entries(input);
  if (pairs.length === 0) throw new Error('A product needs at least one size');
  const seen = new Set<string>();
  const entries = pairs.map(([rawSize, rawStock]) => {
    const size = checkSize(rawSize);
    if (seen.has(size)) throw new Error(`Size ${size} is given more than once`);
    seen.add(size);
    return { size, stock: checkStock(size, rawStock) };
  });
  // Array.prototype.sort is stable, so sizes outside the standard five keep their order.
  return entries.sort((a, b) => sizeRank(a.size) - sizeRank(b.size));
}
