import type { z } from 'zod';
import type { DomainEvent } from './eventstore.js';

/**
 * Turns an event as stored into the shape the code of today expects. Events are never rewritten:
 * when an event's shape changes, its old form is upcast on every read instead.
 */
export type Upcaster = (data: unknown) => unknown;

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
 * Reads stored events of one stream family: each type's upcaster (if any) runs first, then its zod
 * schema validates the data, so the fold never sees a shape it does not know.
 */
export function eventParser<Event extends DomainEvent>(
  schemas: { [Type in Event['type']]: z.ZodType<Extract<Event, { type: Type }>['data']> },
  upcasters: Partial<Record<Event['type'], Upcaster>> = {},
): (stored: DomainEvent) => Event {
  const known = schemas as Record<string, z.ZodType | undefined>;
  const upcast = upcasters as Record<string, Upcaster | undefined>;
  return (stored) => {
    const schema = known[stored.type];
    if (!schema) throw new UnreadableEventError(stored.type, 'no schema for this type');
    const data = upcast[stored.type]?.(stored.data) ?? stored.data;
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UnreadableEventError(stored.type, `${issue?.path.join('.') || 'data'}: ${issue?.message ?? 'invalid'}`);
    }
    return { type: stored.type, data: parsed.data } as Event;
  };
}
