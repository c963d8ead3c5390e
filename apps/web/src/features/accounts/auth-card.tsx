// The frame of the login, registration and OTP screens: a card with the step's heading.
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <div className="flex justify-center bg-paper px-4 py-10 sm:py-16">
      <section className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl shadow-ink/5 sm:p-8">
        <span className="mb-4 block h-1.5 w-14 rounded-full bg-volt" aria-hidden="true" />
        <h1 className="font-display text-3xl font-bold uppercase">{title}</h1>
        {subtitle && <div className="mt-1 text-sm text-muted">{subtitle}</div>}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}
