/** The Stripe-compatible sandbox: mount `stripeSandboxRouter()` at an app's root, or `startStripeSandbox()` on its own port. */
export { stripeSandboxRouter, type StripeSandboxRouterOptions } from './router.js';
export { startStripeSandbox, type RunningStripeSandbox } from './server.js';
export { InMemoryStripeSandboxStore, type StripeSandboxStore } from './store.js';
export { StripeFaults, type FaultRule } from './faults.js';
export { TEST_CARDS, type TestCard } from '@contrail/shared/payments/test-cards';
