// Typo-tolerant product search: each query word is corrected against the catalogue's own
// words by trigram similarity, then matched with PostgreSQL full-text search.
import type { ProductSummary } from '@kitroom/contract';
import { toSummary } from '../catalogue/catalogue.service.js';
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

/** Products ranked for the text; blank text answers an empty list without a query. */
export async function search(db: Queryable, text: string): Promise<ProductSummary[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
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
  const all = await q.rankedMatches(db, groups.join(' & '), text, SEARCH_LIMIT);
  if (all.length > 0 || groups.length === 1) return all.map(toSummary);
  // No product has every word: fall back to any word, still ranked.
  const any = await q.rankedMatches(db, groups.join(' | '), text, SEARCH_LIMIT);
  return any.map(toSummary);
}

/** Rebuilds the search lexicon from the catalogue; call after products change. */
export async function refreshSearchIndex(db: Queryable): Promise<void> {
  await q.refreshSearchTerms(db);
}
