// A seconds countdown measured against the clock, so a throttled background tab still
// reaches 0 on time.
import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  remaining: number;
  restart: () => void;
}

export function useCountdown(seconds: number): Countdown {
  const [endsAt, setEndsAt] = useState(() => Date.now() + seconds * 1000);
  const left = () => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);

  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(() => {
      tick();
      if (Date.now() >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  // Both at once: the render after a restart already shows the full time, with the buttons
  // it guards disabled, rather than one frame of 0:00 until the interval's effect runs.
  const restart = useCallback(() => {
    setEndsAt(Date.now() + seconds * 1000);
    setRemaining(seconds);
  }, [seconds]);
  return { remaining, restart };
}
