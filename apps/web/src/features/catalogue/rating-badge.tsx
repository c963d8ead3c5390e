// A rating, coloured red, amber or green (spec section 9): beside a product's name, and on each
// of its reviews.
import { ratingColour } from '@kitroom/contract';
import { Star } from 'lucide-react';

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
