// A giveaway's page on the server: its title and rules make the page's head (and an unknown
// slug its 404). giveaway.php says whether the shopper entered, so with a session it is
// asked as theirs (and the page is theirs alone); for a visitor it is the same for everyone.
// In the browser the page asks itself (giveaway-page.tsx), fresh on every visit.
import type { LoaderFunctionArgs } from '@/ui/router';
import { callerOf, load, sessionOf } from '@/api/page-data';

export function giveawayLoader({ context, params, request }: LoaderFunctionArgs) {
  if (!import.meta.env.SSR || params.slug === undefined) return null;
  const call = callerOf(context);
  const visitor = sessionOf(context) !== undefined;
  return load(call('giveaway.php', { slug: params.slug }, { signal: request.signal, visitor }));
}
