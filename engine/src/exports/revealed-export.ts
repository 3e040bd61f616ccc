import { randomUUID } from 'node:crypto';
import type { ExportQuery, RevealedExportRequest } from '@contrail/shared/exports/exports';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import { eventParser } from '../eventstore/event-parser.js';
import type { DomainEvent, EventStore } from '../eventstore/eventstore.js';
import { withMetadata, type EventContext } from '../eventstore/metadata.js';
import type { DeskActor } from '../support-desk/decider.js';

/** Each bookings export with names is a stream of its own: it concerns many bookings, not one desk. */
export const EXPORT_REVEAL_STREAM_PREFIX = 'personal-data-export-';

/** The brand key the access log gives an export over every brand (no brand is named "*"). */
export const EVERY_BRAND = '*';

export type PersonalDataExported = DomainEvent<
  'PersonalDataExported',
  { by: DeskActor; brandKey: string; reason: string; filters: ExportQuery }
>;

export const parseExportEvent = eventParser<PersonalDataExported>({
  PersonalDataExported: z.object({
    by: z.object({ userId: z.string(), username: z.string() }),
    brandKey: z.string(),
    reason: z.string(),
    filters: z.object({ from: z.string().optional(), to: z.string().optional(), brand: z.string().optional() }),
  }),
});

/** An export's filters in words, for the access log: "from 2026-11-01 to 2026-11-30". */
export function exportedText(filters: ExportQuery): string {
  const parts = [filters.from && `from ${filters.from}`, filters.to && `to ${filters.to}`].filter(Boolean);
  return `bookings ${parts.length > 0 ? parts.join(' ') : 'of every day'}`;
}

/**
 * Records who exports the travellers' names, of which brand and filters, and why, before a row
 * is sent (no reason, no names). `brand` is the brand the export is kept to (undefined: every brand).
 */
export async function recordExportReveal(
  deps: { eventStore: EventStore; clock: Clock },
  request: RevealedExportRequest,
  brand: string | undefined,
  by: DeskActor,
  context: EventContext,
): Promise<void> {
  const { reason, ...filters } = request;
  const event: PersonalDataExported = {
    type: 'PersonalDataExported',
    data: { by, brandKey: brand ?? EVERY_BRAND, reason, filters: { ...filters, ...(brand && { brand }) } },
  };
  await deps.eventStore.append(
    `${EXPORT_REVEAL_STREAM_PREFIX}${randomUUID()}`,
    withMetadata([event], context, deps.clock),
    'no_stream',
  );
}
