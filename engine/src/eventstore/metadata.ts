import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { DomainEvent, EventMetadata, NewEvent } from './eventstore.js';

export interface EventContext {
  correlationId: string;
  causationId?: string | null;
  actor: string;
  brand: string;
}

/**
 * Stamps domain events with fresh ids, the context, the clock's time and the schema version each
 * is written in (its parser's `versionOf`; 1 without one), ready to append.
 */
export function withMetadata<E extends DomainEvent>(
  events: readonly E[],
  context: EventContext,
  clock: Clock,
  versionOf: (type: string) => number = () => 1,
): NewEvent<E>[] {
  const timestamp = clock.now().toISOString();
  return events.map((event) => {
    const metadata: EventMetadata = {
      eventId: randomUUID(),
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      actor: context.actor,
      brand: context.brand,
      timestamp,
      schemaVersion: versionOf(event.type),
    };
    return { ...event, metadata };
  });
}
