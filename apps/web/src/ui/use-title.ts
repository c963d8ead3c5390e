import { useEffect } from 'react';

/** Sets the tab title for the page: 'Real Madrid jerseys | Kitroom'. */
export function useTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | Kitroom`;
  }, [title]);
}
