export * from './settings.js';
export * from './brands.js';
