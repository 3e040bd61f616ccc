/** @contrail/shared: contracts, domain rules and reference data. No I/O. */
export * from './brand/brand.js';
export * from './brand/default-brand.js';
export * from './accounts/schemas.js';
export * from './accounts/avatar.js';
export * from './reference/index.js';
export * from './booking/index.js';
export * from './flights/index.js';
export * from './admin/index.js';
export * from './content/index.js';
export * from './validation/safe-text.js';
