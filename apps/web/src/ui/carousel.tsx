// A horizontal carousel on the browser's own scroll snapping: native swipe on phones, the
// previous/next buttons elsewhere, optional autoplay that pauses while the pointer or the
// keyboard focus is inside. No carousel library: this is the heaviest page of the shop on
// mid-range phones, and the scroller needs no script to move.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

interface CarouselProps {
  label: string;
  children: ReactNode;
  /** Width of one slide per breakpoint, e.g. 'basis-1/2 md:basis-1/4'. */
  slideClass: string;
  autoplayMs?: number;
  /** Next at the end goes back to the start, previous at the start to the end. */
  loop?: boolean;
  /** Buttons drawn over the slides (hero) or above the row's end (lists). */
  buttons?: 'overlay' | 'inline';
  /** Space between slides. */
  spaced?: boolean;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Carousel({
  label,
  children,
  slideClass,
  autoplayMs,
  loop = false,
  buttons = 'inline',
  spaced = true,
}: CarouselProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(true);
  const [paused, setPaused] = useState(false);
  const slides = Children.toArray(children);

  const update = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setAtStart(el.scrollLeft <= 4);
    setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 4);
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // No measuring here: reading the scroll width now would force a layout in the middle of
    // hydration (of a row the browser had not laid out yet, below the fold). The observer
    // reports the first size itself, once the row is laid out.
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [update, slides.length]);

  const step = useCallback(
    (direction: 1 | -1) => {
      const el = scroller.current;
      if (!el) return;
      const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
      const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
      const start = el.scrollLeft <= 4;
      if (loop && direction === 1 && end) el.scrollTo({ left: 0, behavior });
      else if (loop && direction === -1 && start) el.scrollTo({ left: el.scrollWidth, behavior });
      else el.scrollBy({ left: direction * el.clientWidth, behavior });
    },
    [loop],
  );

  useEffect(() => {
    if (!autoplayMs || paused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => step(1), autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs, paused, step]);

  const overlay = buttons === 'overlay';
  const base =
    'flex h-10 w-10 items-center justify-center rounded-full border shadow-sm transition disabled:opacity-30';
  const look = overlay
    ? 'absolute bottom-5 z-10 border-white/30 bg-ink/60 text-white hover:bg-ink md:top-1/2 md:bottom-auto md:-translate-y-1/2'
    : 'border-line bg-white text-ink hover:bg-paper';
  const prevButton = (
    <button
      type="button"
      aria-label={`Previous (${label})`}
      disabled={!loop && atStart}
      onClick={() => step(-1)}
      className={`${base} ${look} ${overlay ? 'right-16 md:right-auto md:left-3' : ''}`}
    >
      <ChevronLeft aria-hidden="true" size={20} />
    </button>
  );
  const nextButton = (
    <button
      type="button"
      aria-label={`Next (${label})`}
      disabled={!loop && atEnd}
      onClick={() => step(1)}
      className={`${base} ${look} ${overlay ? 'right-4 md:right-3' : ''}`}
    >
      <ChevronRight aria-hidden="true" size={20} />
    </button>
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onTouchStart={() => setPaused(true)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {!overlay && !(atStart && atEnd) && (
        <div className="absolute -top-14 right-0 flex gap-2">
          {prevButton}
          {nextButton}
        </div>
      )}
      <div
        ref={scroller}
        className={`no-scrollbar flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain ${spaced ? '-ml-3 md:-ml-4' : ''}`}
      >
        {slides.map((slide, index) => (
          <div
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            className={`min-w-0 shrink-0 grow-0 snap-start ${spaced ? 'pl-3 md:pl-4' : ''} ${slideClass}`}
          >
            {slide}
          </div>
        ))}
      </div>
      {overlay && (
        <>
          {prevButton}
          {nextButton}
        </>
      )}
    </section>
  );
}
