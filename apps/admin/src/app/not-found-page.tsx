import { Link } from 'react-router';
import { useTitle } from '@/ui/use-title';

export function NotFoundPage() {
  useTitle('Page not found');
  return (
    <section aria-labelledby="not-found">
      <h1 id="not-found" className="font-display text-3xl font-bold uppercase">
        Page not found
      </h1>
      <p className="mt-3 text-muted">
        There is no such page in the back office.{' '}
        <Link to="/" className="font-semibold text-ink underline">
          Go to the dashboard
        </Link>
        .
      </p>
    </section>
  );
}
