// search_result.php's answer as the route sends it, kept as bytes per text and version in
// the catalogue cache, like the catalogue's answers (catalogue/catalogue.answers.ts).
import { SearchResponse } from '@kitroom/contract';
import { answerOf } from '../catalogue/catalogue.answers.js';
import { cachedAt } from '../catalogue/catalogue.service.js';
import type { Queryable } from '../db/client.js';
import { jsonBody, type JsonBody } from '../http/cached-json.js';
import { searchAt, searchWords } from './search.service.js';

const NOTHING = jsonBody(SearchResponse, { products: [] });

/** The ranked products for the text; blank text answers an empty list without a query. */
export async function searchAnswer(db: Queryable, text: string): Promise<JsonBody> {
  const words = searchWords(text);
  if (words.length === 0) return NOTHING;
  const cached = await cachedAt(db);
  return cached.cache.answer(cached.version, `search:${text}`, async () => {
    const products = await searchAt(db, words, text, cached);
    return answerOf(
      SearchResponse,
      { products },
      products.map((p) => p.id),
    );
  });
}
