import { describe } from 'vitest';
import { eventStoreBackends, unavailableEventStores } from '../test-support/eventstore.js';
import { eventStoreConformance } from '../test-support/eventstore-conformance.js';

// Every adapter that can run here; the others are listed as skipped, with the reason.
describe.each([...eventStoreBackends(), ...unavailableEventStores()])('$name', (backend) => {
  eventStoreConformance(backend);
});
