// Typo-tolerant product search: each query word is corrected against the catalogue's own
// words by trigram similarity, then matched with PostgreSQL full-text search.
import type { ProductSummary } from '@kitroom/contract';
import { cachedAt, productSummaries, type CachedAt } from '../catalogue/catalogue.service.js';
import type { Queryable } from '../db/client.js';
import * as q from './search.queries.js';

export const SEARCH_LIMIT = 50;
const MAX_WORDS = 8;

/** Lower-cased words of letters and digits; at most eight. */
export function searchWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && w.length <= 40);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** Ids of the products ranked for the words: every word first, else any word. */
async function rankedIds(db: Queryable, words: string[], text: string): Promise<number[]> {
  const candidates = await q.closestTerms(db, words);
  // Each word becomes (term | term | ...) with prefix matching; words without any known
  // term are dropped rather than failing the whole search.
  const groups = words
    .map((w) =>
      [...new Set([w, ...(candidates.get(w) ?? [])])].filter((t) => /^[a-z0-9]+$/.test(t)),
    )
    .filter((terms, i) => candidates.has(words[i]!) && terms.length > 0)
    .map((terms) => `(${terms.map((t) => `${t}:*`).join(' | ')})`);
  if (groups.length === 0) return [];
  const all = await q.rankedIds(db, groups.join(' & '), text, SEARCH_LIMIT);
  if (all.length > 0 || groups.length === 1) return all;
  // No product has every word: fall back to any word, still ranked.
  return q.rankedIds(db, groups.join(' | '), text, SEARCH_LIMIT);
}

/**
 * Products ranked for the text; blank text answers an empty list without a query. The
 * ranking is cached per text while the catalogue version is unchanged; the products
 * themselves (stock, sizes) are read on every call.
 */
export async function search(db: Queryable, text: string): Promise<ProductSummary[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  return searchAt(db, words, text, await cachedAt(db));
}

/** The products ranked for the words of `text` (not blank): the ranking from the memo. */
export async function searchAt(
  db: Queryable,
  words: string[],
  text: string,
  { cache, version }: CachedAt,
): Promise<ProductSummary[]> {
  const ids = await cache.get(version, `search:${text}`, () => rankedIds(db, words, text));
  return productSummaries(db, ids);
}

/** Rebuilds the search lexicon from the catalogue; call after products change. */
export async function refreshSearchIndex(db: Queryable): Promise<void> {
  await q.refreshSearchTerms(db);
}
