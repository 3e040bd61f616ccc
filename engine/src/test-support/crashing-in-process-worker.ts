/**
 * An embedded engine's job worker for the crash test: on the embedded database in DATA_DIR/pglite,
 * it enqueues a create-order job, runs it, says so on stdout, then hangs mid-job until the test
 * SIGKILLs it. Its lease is 10 minutes (the old fixed one), so only the restart's freeing of it
 * explains a prompt retry. Run with tsx: <dataDir>
 */
import path from 'node:path';
import { inProcessJobQueue } from '../jobs/in-process-queue.js';
import { JobHandlerRegistry } from '../jobs/job-queue.js';
import { openPgliteWorker } from '../storage/pglite-worker.js';
import { fastRetries } from './jobs.js';

const [dataDir] = process.argv.slice(2) as [string];
const sql = await openPgliteWorker({ dataDir: path.join(dataDir, 'pglite'), onUnexpectedExit: () => process.exit(1) });
const queue = inProcessJobQueue({ sql, definitions: fastRetries, pollIntervalMs: 20, leaseMs: 10 * 60_000 });
await queue.startWorkers(
  new JobHandlerRegistry().register('create-order', async (_payload, context) => {
    console.log(`running ${context.jobId}`);
    await new Promise(() => {});
  }),
);
await queue.enqueue('create-order', { bookingId: 'bk_killed' }, { jobId: 'killed-mid-job' });
