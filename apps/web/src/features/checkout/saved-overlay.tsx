// The full-screen 'You saved ₹ {amount}' celebration, shown for 6 seconds after a valid
// coupon (a click or Escape closes it sooner).
import { PartyPopper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { savedAmount } from './checkout-rules';

export const SAVED_OVERLAY_MS = 6000;

export function SavedOverlay({
  discountRupees,
  onDone,
}: {
  discountRupees: number;
  onDone: () => void;
}) {
  // The 6 seconds run from the moment it appears, however often the page renders meanwhile.
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const timer = window.setTimeout(() => done.current(), SAVED_OVERLAY_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') done.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return createPortal(
    <div
      role="status"
      aria-live="assertive"
      onClick={onDone}
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-4 bg-ink/90 px-6 text-center backdrop-blur-sm"
    >
      <PartyPopper aria-hidden="true" size={72} className="text-volt" />
      <p className="font-display text-5xl font-extrabold text-volt uppercase sm:text-7xl">
        You saved {/* '₹' and the amount never part at a line end, on a narrow phone either. */}
        <span data-testid="saved-amount" className="whitespace-nowrap">
          {savedAmount(discountRupees)}
        </span>
      </p>
      <p className="text-white/80">Your coupon is applied.</p>
    </div>,
    document.body,
  );
}
