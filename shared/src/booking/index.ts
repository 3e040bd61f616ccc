export * from './card.js';
export * from './contracts.js';
export * from './international.js';
export * from './passenger.js';
export * from './status.js';
export * from './money.js';
export * from './refund.js';
export * from './seats-shown.js';
