// A responsive grid of product cards.
import type { ReactNode } from 'react';

export function ProductGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 md:gap-x-5 lg:grid-cols-4 xl:grid-cols-5"
    >
      {children}
    </ul>
  );
}
