// /myAccount/wishlist: the jerseys the shopper hearted, newest first, as product cards with
// their hearts (unhearting one takes it off the page); 'Your wishlist is empty.' with Shop Now
// when there are none.
import { Heart } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '@/ui/router';
import { getWishlistProducts } from '@/api/wishlist-calls';
import { useApi } from '@/api/use-api';
import { selectUserId, useSessionEnded, useSessionSelector } from '@/features/accounts';
import { showAlert } from '@/ui/alert';
import { buttonClass } from '@/ui/button-class';
import { Loader } from '@/ui/loader';
import { ProductCard } from '@/ui/product-card';
import { ProductGrid } from '@/ui/product-grid';
import { WishlistHeart } from './wishlist-heart';
import { useWishlist } from './wishlist-store';

export const WISHLIST_TEXTS = {
  empty: 'Your wishlist is empty.',
  hint: 'Tap the heart on a jersey to keep it here.',
  loadFailed: 'Please try again',
} as const;

export default function WishlistPage() {
  const userId = useSessionSelector(selectUserId);
  const wishlist = useWishlist();
  const sessionEnded = useSessionEnded();
  // Asked once the guest's hearts are merged, so they are on the page too.
  const result = useApi(
    userId === null || !wishlist.ready ? null : `user ${userId} wishlist`,
    (signal) => getWishlistProducts({ user_id: userId ?? 0 }, { signal }),
    { fresh: true },
  );

  useEffect(() => {
    if (result.error !== undefined && !sessionEnded(result.error)) {
      showAlert(WISHLIST_TEXTS.loadFailed);
    }
  }, [result.error, sessionEnded]);

  if (result.error === undefined && !result.data) return <Loader label="Loading your wishlist" />;
  const shown = (result.data?.products ?? []).filter((p) => wishlist.has(p.id));
  if (shown.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-paper px-6 py-14 text-center">
        <Heart aria-hidden="true" size={40} className="text-muted" />
        <p className="font-display text-xl font-bold uppercase">{WISHLIST_TEXTS.empty}</p>
        <p className="text-sm text-muted">{WISHLIST_TEXTS.hint}</p>
        <Link to="/allProducts" className={buttonClass('primary')}>
          Shop Now
        </Link>
      </div>
    );
  }
  return (
    <ProductGrid label="Your wishlist">
      {shown.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} showBadge corner={<WishlistHeart product={p} />} />
        </li>
      ))}
    </ProductGrid>
  );
}
