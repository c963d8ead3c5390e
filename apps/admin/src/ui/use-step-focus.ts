// Moves focus to a step's heading when a multi-step form changes step, so that keyboard and
// screen-reader users land on the new step instead of on a button that disappeared.
import { useEffect, useRef } from 'react';

export function useStepFocus<T extends HTMLElement>(step: string) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [step]);
  return ref;
}
