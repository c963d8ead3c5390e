// The bar at the top of the window while a followed link's page loads (its module and its
// data: loading-router.tsx keeps the current page on screen meanwhile). It shows only when the
// load takes longer than a blink, so quick navigations do not flash it; it sits over the nav
// bar, so nothing below moves.
import { useEffect, useState } from 'react';
import type { Location } from '@/ui/router';
import { useNavigating } from '@/api/page-data';

/** Loads shorter than this show no bar. */
export const SHOW_AFTER_MS = 150;

export default function NavigationProgress() {
  const navigating = useNavigating();
  // The load that has been running for SHOW_AFTER_MS (each navigation's location is a new
  // object, also when going back to an address loaded before).
  const [slow, setSlow] = useState<Location | null>(null);

  useEffect(() => {
    if (navigating === null) return;
    const timer = setTimeout(() => setSlow(navigating), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigating]);

  if (navigating === null || slow !== navigating) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-volt/30"
    >
      <div className="h-full w-1/3 bg-volt motion-safe:animate-slide motion-reduce:w-full" />
    </div>
  );
}
