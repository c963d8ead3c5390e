// The frame of the policy pages: title, last update and sections of text.
import type { ReactNode } from 'react';
import { Link } from '@/ui/router';
import { useTitle } from '@/ui/use-title';

export interface PolicySection {
  heading: string;
  body: ReactNode;
}

export const POLICY_UPDATED = '1 June 2025';

export function PolicyLayout({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: PolicySection[];
}) {
  useTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="font-display text-4xl font-extrabold uppercase sm:text-5xl">{title}</h1>
      <p className="mt-2 text-sm text-muted">Last updated {POLICY_UPDATED}</p>
      <p className="mt-6 text-lg">{intro}</p>
      {sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2 className="font-display text-2xl font-bold uppercase">{s.heading}</h2>
          <div className="mt-2 space-y-3 leading-relaxed text-ink [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1">
            {s.body}
          </div>
        </section>
      ))}
      <p className="mt-10 border-t border-line pt-6 text-sm text-muted">
        Questions about this policy?{' '}
        <Link to="/contactUs" className="font-semibold text-ink underline">
          Contact us
        </Link>
        .
      </p>
    </article>
  );
}
