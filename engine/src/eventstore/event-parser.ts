import type { z } from 'zod';
import type { DomainEvent, EventMetadata } from './eventstore.js';

/**
 * Turns an event as stored in one schema version into the next version's shape. Events are never
 * rewritten: when an event's shape changes, its old forms are upcast on every read instead.
 */
export type Upcaster = (data: unknown) => unknown;

/**
 * Per event type, its upcasters in order: the first turns version 1 into version 2, and so on. A
 * type's version today is one more than the number of its upcasters.
 */
export type Upcasters<Type extends string> = Partial<Record<Type, readonly Upcaster[]>>;

/** An event as read: its metadata (when given) says which schema version its data was written in. */
export type StoredEvent = DomainEvent & { metadata?: Pick<EventMetadata, 'schemaVersion'> };

export interface EventParser<Event extends DomainEvent> {
  (stored: StoredEvent): Event;
  /** The schema version an event of this type is written in today. */
  versionOf(type: string): number;
}

/** A stored event that no schema reads: written by a newer version, or damaged. */
export class UnreadableEventError extends Error {
  constructor(
    readonly eventType: string,
    reason: string,
  ) {
    super(`Unreadable ${eventType} event: ${reason}`);
    this.name = 'UnreadableEventError';
  }
}

/**
 * Reads stored events of one stream family: the upcasters from the event's stored version (1 when
 * it was stored before versions) to today's run first, then its zod schema validates the data, so
 * the fold never sees a shape it does not know.
 */
export function eventParser<Event extends DomainEvent>(
  schemas: { [Type in Event['type']]: z.ZodType<Extract<Event, { type: Type }>['data']> },
  upcasters: Upcasters<Event['type']> = {},
): EventParser<Event> {
  const known = schemas as Record<string, z.ZodType | undefined>;
  const chains = upcasters as Record<string, readonly Upcaster[] | undefined>;
  const parse = (stored: StoredEvent): Event => {
    const schema = known[stored.type];
    if (!schema) throw new UnreadableEventError(stored.type, 'no schema for this type');
    const from = stored.metadata?.schemaVersion ?? 1;
    const data = (chains[stored.type] ?? []).slice(from - 1).reduce((old, upcast) => upcast(old), stored.data);
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UnreadableEventError(stored.type, `${issue?.path.join('.') || 'data'}: ${issue?.message ?? 'invalid'}`);
    }
    return { type: stored.type, data: parsed.data } as Event;
  };
  return Object.assign(parse, { versionOf: (type: string) => (chains[type]?.length ?? 0) + 1 });
}
