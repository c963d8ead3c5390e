// A kit launch on the product page (decision 070): its phase, which moves to 'on' at the drop
// and to 'none' when its limits end. The box itself (launch-box.tsx) is loaded only for a
// launch's jersey.
import type { StorefrontLaunch } from '@kitroom/contract';
import { useEffect, useState } from 'react';

export type LaunchPhase = 'upcoming' | 'on' | 'none';
const phaseAt = (launch: StorefrontLaunch | null | undefined, now: number): LaunchPhase => {
  if (!launch || now >= Date.parse(launch.limits_until)) return 'none';
  return now < Date.parse(launch.starts_at) ? 'upcoming' : 'on';
};

/** The launch's phase now, moving to 'on' at the drop and to 'none' when its limits end. */
export function useLaunchPhase(launch: StorefrontLaunch | null | undefined): LaunchPhase {
  const [now, setNow] = useState(() => Date.now());
  const phase = phaseAt(launch, now);
  useEffect(() => {
    if (!launch || phase === 'none') return;
    const next = Date.parse(phase === 'upcoming' ? launch.starts_at : launch.limits_until);
    // setTimeout's longest wait is about 24.8 days; a later drop looks again then.
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.min(next - Date.now(), 2 ** 31 - 1),
    );
    return () => window.clearTimeout(timer);
  }, [launch, phase, now]);
  return phase;
}
