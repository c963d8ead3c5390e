// The wishlist calls of a logged-in shopper: its ids (the cards' hearts), its jerseys (the
// Wishlist page), a heart or unheart, and the merge of a guest's hearts at login.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import {
  addToWishlist,
  mergeWishlist,
  removeFromWishlist,
  wishlistIds,
  wishlistProducts,
} from './wishlist.service.js';

export function wishlistRoutes({ database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerStorefrontRoutes(app, {
      'wishlist.php': async ({ body }) => ({ product_ids: await wishlistIds(db, body.user_id) }),
      'wishlist_products.php': async ({ body }) => ({
        products: await wishlistProducts(db, body.user_id),
      }),
      'wishlist_manage.php': async ({ body }) => ({
        product_ids:
          body.action === 'add'
            ? await addToWishlist(db, body.user_id, body.product_id)
            : await removeFromWishlist(db, body.user_id, body.product_id),
      }),
      'wishlist_merge.php': async ({ body }) => ({
        product_ids: await mergeWishlist(db, body.user_id, body.product_ids),
      }),
    });
  };
}
