// The service showcase: five promises, one at a time, every 5 s; a swipe of at least
// 100 px moves to the next or previous one.
import { BadgeCheck, RotateCcw, ShieldCheck, Store, Truck } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';

export const SHOWCASE_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 100;

const SERVICES = [
  {
    Icon: Truck,
    title: 'Shipped within 5 days',
    text: 'Every order leaves our Kozhikode store within five days, to any state in India.',
  },
  {
    Icon: RotateCcw,
    title: '7-day returns',
    text: 'Wrong size or a defect? Return or exchange within 7 days of delivery.',
  },
  {
    Icon: ShieldCheck,
    title: 'Secure online payment',
    text: 'UPI, cards and net banking through a trusted payment gateway.',
  },
  {
    Icon: Store,
    title: 'Wholesale for clubs & shops',
    text: 'Register as a wholesaler for team orders and shop stock.',
  },
  {
    Icon: BadgeCheck,
    title: 'Checked before dispatch',
    text: 'Each jersey is inspected for print, stitching and size before it ships.',
  },
] as const;

export function ServiceShowcase() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const startX = useRef<number | null>(null);
  const count = SERVICES.length;

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), SHOWCASE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, count, index]);

  function onPointerDown(event: PointerEvent) {
    startX.current = event.clientX;
  }
  function onPointerUp(event: PointerEvent) {
    if (startX.current === null) return;
    const moved = event.clientX - startX.current;
    startX.current = null;
    if (moved <= -SWIPE_THRESHOLD_PX) setIndex((i) => (i + 1) % count);
    else if (moved >= SWIPE_THRESHOLD_PX) setIndex((i) => (i - 1 + count) % count);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Our services"
      className="overflow-hidden rounded-3xl bg-ink text-white"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="flex touch-pan-y transition-transform duration-500 ease-out select-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (startX.current = null)}
      >
        {SERVICES.map(({ Icon, title, text }, i) => (
          <div
            key={title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            className="flex w-full shrink-0 flex-col items-center gap-3 px-6 py-10 text-center sm:flex-row sm:gap-6 sm:px-12 sm:text-left"
          >
            <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl bg-volt text-ink">
              <Icon aria-hidden="true" size={32} />
            </span>
            <div>
              <h3 className="font-display text-2xl font-bold uppercase">{title}</h3>
              <p className="mt-1 text-white/80">{text}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="flex justify-center gap-1 pb-4">
        {SERVICES.map(({ title }, i) => (
          <button
            key={title}
            type="button"
            aria-label={`Show ${title}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className="flex h-8 w-8 items-center justify-center"
          >
            <span
              className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-volt' : 'w-2 bg-white/40'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
