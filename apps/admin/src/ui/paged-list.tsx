// A list the back office pages through with the server's cursor, in one place: the query,
// its loading, error and empty states, and "Load more". A page names its call, how a page
// of the response gives the next cursor and which field holds the rows; it draws the rows.
import {
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { errorText } from '@/api/client';
import { buttonClass } from './button';
import { FormMessage } from './form-field';

export interface CursorList<Page, Item> {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  /** The rows of every page loaded so far. */
  items: Item[];
}

type RowOf<Rows> = Rows extends readonly (infer Row)[] ? Row : never;

export function useCursorList<
  Page,
  Field extends keyof Page,
  Cursor extends string | number,
>(options: {
  queryKey: QueryKey;
  fetchPage: (cursor: Cursor | undefined) => Promise<Page>;
  nextCursor: (page: Page) => Cursor | null | undefined;
  /** The response's field that holds the rows. */
  field: Field;
}): CursorList<Page, RowOf<Page[Field]>> {
  const { field } = options;
  const query = useInfiniteQuery<Page, Error, InfiniteData<Page>, QueryKey, Cursor | undefined>({
    queryKey: options.queryKey,
    queryFn: ({ pageParam }) => options.fetchPage(pageParam as Cursor | undefined),
    initialPageParam: undefined as Cursor | undefined,
    getNextPageParam: (last) => options.nextCursor(last) ?? undefined,
  });
  const items = useMemo(
    () => query.data?.pages.flatMap((page) => page[field] as readonly RowOf<Page[Field]>[]) ?? [],
    [query.data, field],
  );
  return { query, items };
}

export function PagedList<Item>({
  list: { query, items },
  loading,
  empty,
  children,
}: {
  list: CursorList<unknown, Item>;
  /** Said while the first page loads: 'Loading orders…'. */
  loading: string;
  /** Said when there are no rows. */
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  return (
    <>
      {query.error ? (
        <FormMessage text={errorText(query.error)} />
      ) : !query.data ? (
        <p role="status">{loading}</p>
      ) : items.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        children(items)
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className={buttonClass('ghost', 'mt-4')}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}
