import { useEffect } from 'react';

/** Sets the document title: '<page> · Kitroom back office'. */
export function useTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} · Kitroom back office`;
  }, [page]);
}
