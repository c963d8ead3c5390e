// The HTTP contract of the shop: one zod schema per call (request and response), entity
// types, and the rules both the server and the web app apply.
export * from './common.js';
export * from './money.js';
export * from './rules.js';
export * from './catalogue.js';
export * from './profiles.js';
export * from './crests.js';
export * from './shop.js';
export * from './cart.js';
export * from './accounts.js';
export * from './reviews.js';
export * from './wholesale.js';
export * from './feedback.js';
export * from './size-charts.js';
export * from './back-in-stock.js';
export * from './wishlist.js';
export * from './referrals.js';
export * from './coupons.js';
export * from './returns.js';
export * from './orders.js';
export * from './shipping.js';
export * from './cod.js';
export * from './payments.js';
export * from './server-rendering.js';
export * from './gst.js';
export * from './privacy.js';
export * from './endpoints.js';
