// What checkout uses from referrals: the codes to send with an order. The router loads the
// /link/... page and the keeper on their own.
export { referralCodesForCheckout } from './checkout-codes';
