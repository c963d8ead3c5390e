// wishlist/: what other folders may use (decision 077). Inside wishlist/, import the file itself.
export { wishlistRoutes } from './wishlist.routes.js';
