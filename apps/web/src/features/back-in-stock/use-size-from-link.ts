// The size a back-in-stock mail's link names (?size=M): chosen once, when the product's sizes
// are known and that size is in stock.
import { useEffect, useRef } from 'react';
import { useSearchParams } from '@/ui/router';

export function useSizeFromLink(
  sizes: Record<string, number> | undefined,
  choose: (size: string) => void,
): void {
  const [params] = useSearchParams();
  const wanted = params.get('size');
  const inStock = wanted !== null && (sizes?.[wanted] ?? 0) > 0;
  const done = useRef(false);
  useEffect(() => {
    if (!inStock || done.current || wanted === null) return;
    done.current = true;
    choose(wanted);
  }, [inStock, wanted, choose]);
}
