import { Link } from '@/ui/router';
import { buttonClass } from '@/ui/button-class';
import { useTitle } from '@/ui/use-title';

export default function NotFoundPage() {
  useTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="font-display text-[7rem] leading-none font-extrabold text-ink">404</p>
      <span className="mt-2 h-2 w-24 rounded-full bg-volt" aria-hidden="true" />
      <h1 className="mt-4 font-display text-3xl font-bold uppercase">This page is offside</h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass('primary', 'mt-8')}>
        Get Back to Shopping
      </Link>
    </section>
  );
}
