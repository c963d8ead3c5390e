// Typo-tolerant product search: each query word is corrected against the catalogue's own
// words by trigram similarity, then matched with PostgreSQL full-text search.
import type { ListingSort, ProductSummary } from '@kitroom/contract';
import { cachedAt, productSummaries, type CachedAt, sortedIds } from '../catalogue/index.js';
import type { Queryable } from '../db/index.js';
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

/**
 * The tsquery texts to try in turn for the words: every word, then any word (when there are
 * several). Each word becomes (term | term | ...) with prefix matching; words without any
 * known term are dropped rather than failing the whole search.
 */
async function searchQueries(db: Queryable, words: string[]): Promise<string[]> {
  const candidates = await q.closestTerms(db, words);
  const groups = words
    .map((w) =>
      [...new Set([w, ...(candidates.get(w) ?? [])])].filter((t) => /^[a-z0-9]+$/.test(t)),
    )
    .filter((terms, i) => candidates.has(words[i]!) && terms.length > 0)
    .map((terms) => `(${terms.map((t) => `${t}:*`).join(' | ')})`);
  if (groups.length === 0) return [];
  return groups.length === 1 ? groups : [groups.join(' & '), groups.join(' | ')];
}

/** Ids of the products ranked for the words: every word first, else any word. */
async function rankedIds(db: Queryable, words: string[], text: string): Promise<number[]> {
  for (const tsquery of await searchQueries(db, words)) {
    const ids = await q.rankedIds(db, tsquery, text, SEARCH_LIMIT);
    if (ids.length > 0) return ids;
  }
  return [];
}

/**
 * Ids of the first products matching the words in a sort's order (decision 063): every word
 * first, else any word, as the ranking; the order's ids kept per query as listings keep theirs.
 */
async function sortedMatches(
  db: Queryable,
  words: string[],
  text: string,
  sort: ListingSort,
  cached: CachedAt,
): Promise<number[]> {
  const { cache, version } = cached;
  const queries = await cache.get(version, `search-queries:${text}`, () =>
    searchQueries(db, words),
  );
  for (const tsquery of queries) {
    const where = q.matching(tsquery);
    const ids = await sortedIds(db, cached, `search:${tsquery}`, where, sort, SEARCH_LIMIT);
    if (ids.length > 0) return ids;
  }
  return [];
}

/**
 * Products ranked for the text; blank text returns an empty list without a query. The
 * ranking is cached per text while the catalogue version is unchanged; the products
 * themselves (stock, sizes) are read on every call.
 */
export async function search(
  db: Queryable,
  text: string,
  sort?: ListingSort,
): Promise<ProductSummary[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  return searchAt(db, words, text, await cachedAt(db), sort);
}

/**
 * The products for the words of `text` (not blank): ranked best match first, the ranking
 * from the memo, or in a sort's order.
 */
export async function searchAt(
  db: Queryable,
  words: string[],
  text: string,
  cached: CachedAt,
  sort?: ListingSort,
): Promise<ProductSummary[]> {
  const ids = sort
    ? await sortedMatches(db, words, text, sort, cached)
    : await cached.cache.get(cached.version, `search:${text}`, () => rankedIds(db, words, text));
  return productSummaries(db, ids);
}

/** Rebuilds the search lexicon from the catalogue; call after products change. */
export async function refreshSearchIndex(db: Queryable): Promise<void> {
  await q.refreshSearchTerms(db);
}
