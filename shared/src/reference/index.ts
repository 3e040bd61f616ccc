export * from './airport.js';
export * from './airports.js';
export * from './airport-lookup.js';
export * from './airport-search.js';
export * from './airlines.js';
export * from './countries.js';
export * from './cabins.js';
export * from './time-buckets.js';
