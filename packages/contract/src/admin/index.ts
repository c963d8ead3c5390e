// The back office's contract: roles and permissions, staff and audit schemas, and the one
// endpoint table. Imported as '@kitroom/contract/admin', so the storefront never loads it.
export * from './roles.js';
export * from './staff.js';
export * from './profiles.js';
export * from './settings.js';
export * from './endpoints.js';
