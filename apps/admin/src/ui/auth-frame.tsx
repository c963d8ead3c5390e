// The frame of the pages before sign-in (setup links, sign-in): the shop's mark on its dark
// band and one white card.
import type { ReactNode } from 'react';
import { BackOfficeLogo } from '@/ui/logo';

export function AuthFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="min-h-screen bg-paper">
      <header className="bg-ink px-4 py-4 md:px-6">
        <BackOfficeLogo />
      </header>
      <main id="main" className={`mx-auto px-4 py-6 md:py-10 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <div className="rounded-2xl border border-line bg-white p-5 shadow-sm md:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}

export const headingClass = 'font-display text-3xl font-bold uppercase outline-none';
