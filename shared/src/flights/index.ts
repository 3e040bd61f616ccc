export * from './offer.js';
export * from './search-offer.js';
export * from './search-params.js';
export * from './seat-map.js';
export * from './verify-offer.js';
export * from './flight-labels.js';
export * from './departure.js';
export * from './search-slices.js';
