// The back office's contract: roles and permissions, staff and audit schemas, and the one
// endpoint table. Imported as '@kitroom/contract/admin', so the storefront never loads it.
export * from './roles.js';
export * from './staff.js';
export * from './coupons.js';
export * from './reviews.js';
export * from './feedback.js';
export * from './wholesale.js';
export * from './referrals.js';
export * from './profiles.js';
export * from './settings.js';
export * from './endpoints.js';
export * from './product-fields.js';
export * from './dashboard.js';
export * from './catalogue.js';
export * from './printing.js';
export * from './catalogue-csv.js';
export * from './orders.js';
export * from './refunds.js';
export * from './returns.js';
export * from './tax.js';
export * from './shipments.js';
export * from './status.js';
export * from './privacy.js';
export * from './backups.js';
export * from './cod.js';
export * from './size-charts.js';
export * from './back-in-stock.js';
