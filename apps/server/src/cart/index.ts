// cart/: what other folders may use (decision 077). Inside cart/, import the file itself.
export { cartRoutes } from './cart.routes.js';
export { cart, removeOrderedLines } from './cart.service.js';
