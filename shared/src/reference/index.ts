export * from './airport.js';
export * from './airports.js';
export * from './airport-lookup.js';
export * from './airport-place.js';
export * from './airlines.js';
export * from './countries.js';
export * from './time-buckets.js';
