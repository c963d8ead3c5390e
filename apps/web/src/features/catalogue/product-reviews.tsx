// Up to five reviews, each rating coloured red, amber or green (spec section 9).
import type { Review } from '@kitroom/contract';
import { formatIndianDay } from '@/ui/date-text';
import { RatingBadge } from './rating-badge';

export function ProductReviews({ reviews }: { reviews: Review[] }) {
  return (
    <section aria-labelledby="reviews-title" className="mt-10">
      <h2 id="reviews-title" className="font-display text-2xl font-bold uppercase">
        Reviews
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-3 text-muted">
          No reviews yet. Bought this jersey? Review it from your orders.
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {reviews.map((r) => (
            <li
              key={`${r.user_name}-${r.created_at}`}
              className="rounded-2xl border border-line p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <RatingBadge rating={r.rating} />
                <h3 className="font-semibold">{r.subject}</h3>
              </div>
              <p className="mt-2 text-ink">{r.comment}</p>
              <p className="mt-2 text-sm text-muted">
                {r.user_name} · {formatIndianDay(new Date(r.created_at))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
