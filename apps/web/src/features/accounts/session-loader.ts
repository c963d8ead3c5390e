// The session check of the pages behind the access guard, on the server: the response for
// the visitor's own session (their `access` cookie, whose handle the server gives the render)
// comes inlined with the page, saving the guard (require-user.tsx) that round trip; the page
// is then theirs alone. The guard finds it under the handle its userData names, so a stale
// userData still asks. In the browser the guard asks itself.
import type { LoaderFunctionArgs } from '@/ui/router';
import { callerOf, load, sessionOf } from '@/api/page-data';

export async function sessionLoader({ context, request }: LoaderFunctionArgs) {
  const session = import.meta.env.SSR ? sessionOf(context) : undefined;
  if (session === undefined) return null;
  const call = callerOf(context);
  await load(
    call('check_session.php', { session_id: session }, { signal: request.signal, visitor: true }),
  );
  return null;
}
