// The category list for the Shop menus: fetched when a menu first opens, kept for the visit.
// Opening 'Category Wise' with no categories alerts 'Please try again.'; a failed request is
// silently ignored and retried at the next opening (spec section 8).
import type { Category } from '@kitroom/contract';
import { useEffect, useState } from 'react';
import { getCategories } from '@/api/calls';
import { showAlert } from '@/ui/alert';

let cached: Promise<Category[] | null> | undefined;

function loadCategories(): Promise<Category[] | null> {
  cached ??= getCategories()
    .then((r) => r.categories.filter((c) => c.product_count > 0))
    .catch(() => {
      cached = undefined;
      return null;
    });
  return cached;
}

/** The categories (null until known), loaded once `enabled` turns on. */
export function useCategories(enabled: boolean): Category[] | null {
  const [categories, setCategories] = useState<Category[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadCategories().then((list) => {
      if (live && list) setCategories(list);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return categories;
}

/** Opening the category list: an empty catalogue gets the spec's alert. */
export function useEmptyCategoriesAlert(open: boolean, categories: Category[] | null): void {
  useEffect(() => {
    if (open && categories !== null && categories.length === 0) showAlert('Please try again.');
  }, [open, categories]);
}
