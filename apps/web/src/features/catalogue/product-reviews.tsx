// Up to five reviews, each rating coloured red, amber or green (spec section 9).
import { ratingColour, type Review } from '@kitroom/contract';
import { Star } from 'lucide-react';
import { formatIndianDay } from '@/ui/date-text';

const colourClass = {
  red: 'bg-red-700 text-white',
  amber: 'bg-amber-400 text-ink',
  green: 'bg-green-700 text-white',
} as const;

export function RatingBadge({ rating }: { rating: number }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-sm font-bold ${colourClass[ratingColour(rating)]}`}
    >
      {rating.toFixed(1)} <Star aria-hidden="true" size={14} fill="currentColor" />
      <span className="sr-only">out of 5</span>
    </span>
  );
}

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
