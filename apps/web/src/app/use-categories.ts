// The category list for the Shop menu: fetched when a menu first opens, kept for the visit.
import type { Category } from '@kitroom/contract';
import { useEffect, useState } from 'react';
import { getCategories } from '@/api/calls';

let cached: Promise<Category[]> | undefined;

function loadCategories(): Promise<Category[]> {
  cached ??= getCategories()
    .then((r) => r.categories)
    .catch(() => {
      // A failed menu load is retried the next time a menu opens.
      cached = undefined;
      return [];
    });
  return cached;
}

export function useCategories(enabled: boolean): Category[] {
  const [categories, setCategories] = useState<Category[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadCategories().then((list) => {
      if (live) setCategories(list);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return categories;
}
