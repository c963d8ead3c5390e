// A part of a page that never changes once the server has rendered it (the footer's links):
// the server renders its component; the browser keeps the server's HTML and ships none of
// its code (the caller passes the component under `import.meta.env.SSR`, which the browser's
// build drops). A plain click on one of its links is followed in the app, as a <Link>'s is.
// Its element says so (data-static-island): what is inside is the browser's, not React's.
import { useState, type ReactNode } from 'react';
import { useFollowLinks } from './router';

/** Each island's HTML as the server sent it, for the page's life (the layout may remount). */
const kept = new Map<string, string>();

function serverHtml(id: string): string {
  if (!kept.has(id)) kept.set(id, document.getElementById(id)?.innerHTML ?? '');
  return kept.get(id)!;
}

interface StaticIslandProps {
  /** Unique in the page: the browser finds the server's HTML by it. */
  id: string;
  className?: string;
  /** What the server renders; nothing in the browser. */
  children?: ReactNode;
}

export function StaticIsland({ id, className, children }: StaticIslandProps) {
  const follow = useFollowLinks();
  const [html] = useState(() => (import.meta.env.SSR ? '' : serverHtml(id)));
  if (import.meta.env.SSR) {
    return (
      <div id={id} className={className} data-static-island="">
        {children}
      </div>
    );
  }
  return (
    <div
      id={id}
      className={className}
      data-static-island=""
      onClick={follow}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
