import { describe } from 'vitest';
import { jobQueueConformance } from '../test-support/job-queue-conformance.js';
import { jobQueueBackends } from '../test-support/jobs.js';

describe.each(jobQueueBackends())('$name', (backend) => {
  jobQueueConformance(backend);
});
