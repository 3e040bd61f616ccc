export { DuffelSandbox } from './sandbox.js';
export { DuffelFaults } from './faults.js';
export { duffelSandboxRouter } from './router.js';
