// /admin/reviews (reviews.manage): every review newest first with its product, rating, text
// and writer, filtered by shown or hidden and rating, paged with the server's cursor. Hiding
// takes a review off the product page and out of its rating at once.
import { type AdminReview, type ReviewQuery } from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, errorText } from '@/api/client';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { SelectField } from '@/ui/form-field';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { useTitle } from '@/ui/use-title';

const PAGE = 50;

type Filters = Pick<ReviewQuery, 'visibility' | 'rating'>;

export function ReviewsPage() {
  useTitle('Reviews');
  const [draft, setDraft] = useState({ visibility: '', rating: '' });
  const [filters, setFilters] = useState<Filters>({});
  const list = useCursorList({
    queryKey: ['admin', 'listReviews', filters],
    fetchPage: (cursor: number | undefined) =>
      call('listReviews', { query: { ...filters, limit: PAGE, before: cursor } }),
    nextCursor: (page) => page.next_before,
    field: 'reviews',
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters({
      ...(draft.visibility ? { visibility: draft.visibility as 'shown' | 'hidden' } : {}),
      ...(draft.rating ? { rating: Number(draft.rating) } : {}),
    });
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Reviews</h1>
        <p className="mt-1 text-muted">
          A hidden review leaves the product page and no longer counts in its rating. Shoppers are
          not told.
        </p>
      </div>

      <form
        noValidate
        onSubmit={apply}
        aria-label="Filter reviews"
        className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-white p-4 md:grid-cols-[12rem_12rem_auto_auto_1fr] md:items-start md:gap-4 md:p-5"
      >
        <SelectField
          label="Shown"
          options={[
            { value: '', label: 'All reviews' },
            { value: 'shown', label: 'Shown' },
            { value: 'hidden', label: 'Hidden' },
          ]}
          value={draft.visibility}
          onChange={(e) => setDraft({ ...draft, visibility: e.target.value })}
        />
        <SelectField
          label="Rating"
          options={[
            { value: '', label: 'Any rating' },
            ...[5, 4, 3, 2, 1].map((n) => ({
              value: String(n),
              label: `${n} star${n > 1 ? 's' : ''}`,
            })),
          ]}
          value={draft.rating}
          onChange={(e) => setDraft({ ...draft, rating: e.target.value })}
        />
        <button type="submit" className={buttonClass('primary', 'md:mt-7')}>
          Filter
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'md:mt-7')}
          onClick={() => {
            setDraft({ visibility: '', rating: '' });
            setFilters({});
          }}
        >
          Clear
        </button>
      </form>

      <section aria-labelledby="review-list" className="space-y-3">
        <h2 id="review-list" className="sr-only">
          Reviews, newest first
        </h2>
        <PagedList list={list} loading="Loading reviews…" empty="No reviews match these filters.">
          {(reviews) => (
            <ul className="space-y-3">
              {reviews.map((r) => (
                <ReviewCard key={r.id} review={r} />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </div>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-label={`${rating} out of 5 stars`} role="img" className="text-lg tracking-wider">
      <span aria-hidden="true" className="text-amber-500">
        {'★'.repeat(rating)}
      </span>
      <span aria-hidden="true" className="text-line">
        {'★'.repeat(5 - rating)}
      </span>
    </span>
  );
}

function ReviewCard({ review: r }: { review: AdminReview }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () =>
      call('setReviewHidden', { params: { id: r.id }, body: { hidden: r.hidden_at === null } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listReviews'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
  const hidden = r.hidden_at !== null;
  return (
    <li
      aria-label={`Review by ${r.author_name}`}
      className={`rounded-2xl border p-4 md:p-5 ${hidden ? 'border-dashed border-line bg-paper' : 'border-line bg-white'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Stars rating={r.rating} />
            <a
              href={`/product/${r.product_id}`}
              target="_blank"
              rel="noreferrer"
              className="font-semibold underline"
            >
              {r.product_name}
            </a>
            {hidden && (
              <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-sale">
                Hidden
              </span>
            )}
          </p>
          <p className="mt-1 text-sm text-muted">
            {r.author_name} · order #{r.order_id} ·{' '}
            <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
            {r.updated_at !== r.created_at && ' (edited)'}
          </p>
        </div>
        <button
          type="button"
          className={smallButtonClass(hidden ? 'primary' : 'ghost')}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {hidden ? 'Show again' : 'Hide'}
        </button>
      </div>
      <p className="mt-3 font-semibold break-words">{r.subject}</p>
      <p className="mt-1 break-words whitespace-pre-line">{r.comment}</p>
      {toggle.error && (
        <p role="alert" className="mt-2 text-sm font-medium text-sale">
          {errorText(toggle.error)}
        </p>
      )}
      {hidden && (
        <p className="mt-2 text-xs text-muted">
          Hidden on <time dateTime={r.hidden_at!}>{formatDateTime(r.hidden_at!)}</time>
        </p>
      )}
    </li>
  );
}
