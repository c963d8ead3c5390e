// The HTTP contract of the shop: one zod schema per call (request and response), entity
// types, and the rules both the server and the web app apply.
export * from './common.js';
export * from './money.js';
export * from './rules.js';
export * from './catalogue.js';
export * from './cart.js';
export * from './feedback.js';
