import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../eventstore/eventstore.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { accessLogEntries, accessLogCsv } from './access-log.js';
import { accessLogProjection } from './access-log-projection.js';
import { deskStream, type DeskEvent } from './decider.js';

const ana = { userId: 'u-ana', username: 'ana' };
const bo = { userId: 'u-bo', username: 'bo' };

function recorded(
  commit: bigint,
  bookingId: string,
  event: DeskEvent,
  at: string,
  streamName = deskStream(bookingId),
): RecordedEvent {
  return {
    ...event,
    streamName,
    revision: 0n,
    position: { commit, prepare: commit },
    metadata: {
      eventId: `ev-${commit}`,
      correlationId: 'c',
      causationId: null,
      actor: event.data.by.userId,
      brand: event.data.brandKey,
      timestamp: at,
      schemaVersion: 1,
    },
  };
}

/** Given: two reveals on two bookings, a note, an erasure, and a look-alike event on another stream. */
const given = (): RecordedEvent[] => [
  recorded(
    1n,
    'b1',
    { type: 'PersonalDataRevealed', data: { by: ana, brandKey: 'sky', reason: 'ticket 1', seen: ['passengers'] } },
    '2026-11-20T10:00:00.000Z',
  ),
  recorded(
    2n,
    'b1',
    { type: 'InternalNoteAdded', data: { by: ana, brandKey: 'sky', text: 'called' } },
    '2026-11-20T10:01:00.000Z',
  ),
  recorded(
    3n,
    'b2',
    {
      type: 'PersonalDataRevealed',
      data: { by: bo, brandKey: 'default', reason: '=HYPERLINK("x")', seen: ['emails'] },
    },
    '2026-11-21T09:00:00.000Z',
  ),
  recorded(
    4n,
    'b2',
    { type: 'PersonalDataErased', data: { by: bo, brandKey: 'default', reason: 'GDPR #7' } },
    '2026-11-21T09:05:00.000Z',
  ),
  recorded(
    5n,
    'b3',
    { type: 'PersonalDataRevealed', data: { by: bo, brandKey: 'sky', reason: 'not a desk stream', seen: ['emails'] } },
    '2026-11-22T09:00:00.000Z',
    'booking-b3',
  ),
];

describe.each(sqlBackends())('the personal-data access log projection ($name)', (backend) => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await backend.open();
  });
  afterAll(async () => {
    await sql?.close();
  });

  const applyAll = (events: readonly RecordedEvent[]) =>
    sql.transaction(async (tx) => {
      for (const event of events) await accessLogProjection.apply(tx, event);
    });

  it('given the desk events, then one row per reveal, newest first; delivered again or rebuilt, the same rows', async () => {
    await applyAll(given());
    const rows = await accessLogEntries(sql, { limit: 100 });
    expect(rows).toEqual([
      {
        at: '2026-11-21T09:00:00.000Z',
        bookingId: 'b2',
        brandKey: 'default',
        userId: 'u-bo',
        username: 'bo',
        seen: ['emails'],
        reason: '=HYPERLINK("x")',
      },
      {
        at: '2026-11-20T10:00:00.000Z',
        bookingId: 'b1',
        brandKey: 'sky',
        userId: 'u-ana',
        username: 'ana',
        seen: ['passengers'],
        reason: 'ticket 1',
      },
    ]);
    await applyAll(given().slice(0, 3));
    expect(await accessLogEntries(sql, { limit: 100 })).toEqual(rows);
    await sql.transaction((tx) => accessLogProjection.reset(tx));
    expect(await accessLogEntries(sql, { limit: 100 })).toEqual([]);
    await applyAll(given());
    expect(await accessLogEntries(sql, { limit: 100 })).toEqual(rows);

    expect(await accessLogEntries(sql, { limit: 100, bookingId: 'b1' })).toEqual([rows[1]]);
    expect(await accessLogEntries(sql, { limit: 100, username: 'BO' })).toEqual([rows[0]]);
    expect(await accessLogEntries(sql, { limit: 1 })).toEqual([rows[0]]);
  });

  it('exports CSV whose typed reasons a spreadsheet will not run as formulas', async () => {
    const csv = accessLogCsv(await accessLogEntries(sql, { limit: 100 }));
    expect(csv.split('\r\n')).toEqual([
      'at,username,user_id,brand,booking_id,seen,reason,exported',
      `2026-11-21T09:00:00.000Z,bo,u-bo,default,b2,emails,"'=HYPERLINK(""x"")",`,
      '2026-11-20T10:00:00.000Z,ana,u-ana,sky,b1,passengers,ticket 1,',
      '',
    ]);
  });

  it('given a bookings export with names, then one row for the whole export with its filters in words', async () => {
    await sql.transaction((tx) => accessLogProjection.reset(tx));
    const event = {
      type: 'PersonalDataExported',
      data: { by: ana, brandKey: '*', reason: 'Audit 2026-11', filters: { from: '2026-11-01', to: '2026-11-30' } },
    };
    const exported = recorded(7n, 'unused', event as never, '2026-11-30T12:00:00.000Z', 'personal-data-export-x1');
    // Delivered twice: still one row.
    await applyAll([exported, exported]);
    expect(await accessLogEntries(sql, { limit: 100 })).toEqual([
      {
        at: '2026-11-30T12:00:00.000Z',
        bookingId: '',
        brandKey: '*',
        userId: 'u-ana',
        username: 'ana',
        seen: ['bookings-export'],
        reason: 'Audit 2026-11',
        exported: 'bookings from 2026-11-01 to 2026-11-30',
      },
    ]);
  });
});
