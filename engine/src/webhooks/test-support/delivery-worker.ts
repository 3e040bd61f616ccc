/**
 * A webhook delivery worker for the kill test (worker-kill.test.ts): runs the deliver-webhooks
 * job's work on a PostgreSQL schema, over and over, until it is killed.
 *   args: <database url> <schema> <timeout ms>
 */
import { createLogger } from '../../logging/logger.js';
import { openPostgres } from '../../storage/postgres.js';
import { sleep } from '@contrail/shared/time/sleep';
import { deliverDueWebhooks } from '../deliver-job.js';

const [databaseUrl, schema, timeoutMs] = process.argv.slice(2);
const sql = openPostgres({ url: databaseUrl!, schema: schema!, maxConnections: 4 });
const deps = { sql, logger: createLogger({ level: 'silent' }), timeoutMs: Number(timeoutMs), allowPrivate: true };
console.log('ready');
for (;;) {
  await deliverDueWebhooks(deps);
  await sleep(50);
}
