import { describe } from 'vitest';
import { eventStoreBackends } from '../test-support/eventstore.js';
import { eventStoreConformance } from '../test-support/eventstore-conformance.js';

describe.each(eventStoreBackends())('$name', (backend) => {
  eventStoreConformance(backend);
});
