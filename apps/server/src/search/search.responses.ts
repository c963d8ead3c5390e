// search_result.php's response as the route sends it, kept as bytes per text and version in
// the catalogue cache, like the catalogue's responses (catalogue/catalogue.responses.ts).
import { SearchResponse, type ListingSort } from '@kitroom/contract';
import { responseOf, cachedAt, orderFollows } from '../catalogue/index.js';
import type { Queryable } from '../db/index.js';
import { jsonBody, type JsonBody } from '../http/index.js';
import { searchAt, searchWords } from './search.service.js';

const NOTHING = jsonBody(SearchResponse, { products: [] });

/**
 * The products for the text, best match first or in a sort's order; blank text returns an
 * empty list without a query.
 */
export async function searchResponse(
  db: Queryable,
  text: string,
  sort?: ListingSort,
): Promise<JsonBody> {
  const words = searchWords(text);
  if (words.length === 0) return NOTHING;
  const cached = await cachedAt(db);
  const key = sort ? `search:${text}:${sort}` : `search:${text}`;
  return cached.cache.result(cached.version, key, async () => {
    const products = await searchAt(db, words, text, cached, sort);
    return responseOf(SearchResponse, { products }, [
      ...products.map((p) => p.id),
      ...orderFollows(sort),
    ]);
  });
}
