// The back office's contract: roles and permissions, staff and audit schemas, and the one
// endpoint table. Imported as '@kitroom/contract/admin', so the storefront never loads it.
export * from './roles.js';
export * from './staff.js';
export * from './endpoints.js';
export * from './product-fields.js';
export * from './catalogue-csv.js';
