// What other features use from the wishlist: the heart of product cards.
export { WishlistHeart } from './wishlist-heart';
