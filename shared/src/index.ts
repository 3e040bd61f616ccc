/** @contrail/shared: contracts, domain rules and reference data. No I/O. */
export const PRODUCT_NAME = 'Contrail';
