import { PermanentJobError, type JobContext, type JobHandler } from './job-queue.js';
import type { QueueDefinitions, QueueName } from './queues.js';

/** Validates the stored payload, then runs the handler; a payload that does not parse is permanent. */
export async function runJob(
  definitions: QueueDefinitions,
  handler: JobHandler<QueueName>,
  payload: unknown,
  context: JobContext,
): Promise<void> {
  const parsed = definitions[context.queue].payload.safeParse(payload);
  if (!parsed.success) {
    throw new PermanentJobError(
      `Invalid payload for ${context.queue}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  }
  await handler(parsed.data as never, context);
}

/** Parses a payload before it is enqueued, so a bad one fails at the caller, naming the field. */
export function parsePayload(definitions: QueueDefinitions, queue: QueueName, payload: unknown): unknown {
  return definitions[queue].payload.parse(payload);
}
