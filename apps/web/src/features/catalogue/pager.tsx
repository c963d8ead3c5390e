// Previous and next arrows over a window of 50 products.
import { PAGE_SIZE } from '@kitroom/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';

interface PagerProps {
  start: number;
  shown: number;
  total: number;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

export function Pager({ start, shown, total, hasNext, onPrevious, onNext }: PagerProps) {
  const page = Math.floor(start / PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const arrow =
    'flex h-11 w-11 items-center justify-center rounded-full border border-line hover:bg-ink hover:text-white disabled:pointer-events-none disabled:opacity-35';
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4">
      <button
        type="button"
        aria-label="Previous page"
        disabled={start === 0}
        onClick={onPrevious}
        className={arrow}
      >
        <ChevronLeft aria-hidden="true" />
      </button>
      <p className="text-sm text-muted">
        Page {page} of {pages}
        <span className="sr-only">
          , products {shown === 0 ? 0 : start + 1} to {start + shown}
        </span>
      </p>
      <button
        type="button"
        aria-label="Next page"
        disabled={!hasNext}
        onClick={onNext}
        className={arrow}
      >
        <ChevronRight aria-hidden="true" />
      </button>
    </nav>
  );
}
