import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { DomainEvent, EventMetadata, NewEvent } from './eventstore.js';

export interface EventContext {
  correlationId: string;
  causationId?: string | null;
  actor: string;
  brand: string;
}

/** Stamps domain events with fresh ids, the context and the clock's time, ready to append. */
export function withMetadata<E extends DomainEvent>(
  events: readonly E[],
  context: EventContext,
  clock: Clock,
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
    };
    return { ...event, metadata };
  });
}
