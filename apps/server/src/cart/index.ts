// cart/: what other folders may use (decision 077). Inside cart/, import the file itself.
export { cartRoutes } from './cart.routes.js';
export { cart } from './cart.service.js';
