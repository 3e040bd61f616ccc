import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTestApp } from '../admin/test-support/admin-app.js';
import type { RecordedEvent } from '../eventstore/eventstore.js';
import type { SqlClient, SqlExecutor } from '../storage/sql.js';
import { accessLogProjection } from '../support-desk/access-log-projection.js';
import { untilHeadIsLatest } from '../test-support/eventually.js';
import { sqlBackends } from '../test-support/sql.js';
import { bookingRecords } from './bookings-export.js';
import { EXPORT_REVEAL_STREAM_PREFIX } from './revealed-export.js';
import { exportTestApp, seedExportBookings } from './test-support/export-bookings.js';

const ROWS = 2_500;

/** RFC 4180 records of a CSV whose fields hold no line breaks. */
const recordsOf = (text: string) => text.split('\r\n').slice(0, -1);

describe.each(sqlBackends())('CSV exports on $name', (backend) => {
  let sql: SqlClient;
  let admin: AdminTestApp;
  beforeAll(async () => {
    sql = await backend.open();
    admin = await exportTestApp(sql);
    await seedExportBookings(sql, admin, ROWS);
  });
  afterAll(async () => {
    await sql?.close();
  });

  const download = async (path: string, user: 'root' | 'skyadmin' = 'root') =>
    request(admin.app)
      .get(`/api/admin/exports/${path}`)
      .set('X-Brand-Key', user === 'skyadmin' ? 'skyfares.com' : 'default')
      .set('Cookie', await admin.cookie(user));

  it('downloads every booking of the filters, with a header row, the travellers as initials only', async () => {
    const answer = await download('bookings?from=2026-11-20&to=2026-11-20');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="contrail-bookings-from-2026-11-20-to-2026-11-20.csv"',
    );
    const records = recordsOf(answer.text);
    expect(records[0]).toBe(
      'booking_id,reference,brand,status,created_at,departs_at,travellers,passengers,amount,currency',
    );
    expect(records).toHaveLength(1 + 2_000);
    expect(records[1]).toBe('bk-00001,R1,default,confirmed,2026-11-20T10:00:01.000Z,,1,A. L.,553.50,USD');
    expect(answer.text).not.toContain('Lovelace');
  });

  it('keeps a brand admin to their brand, and filters a platform admin by brand', async () => {
    const own = recordsOf((await download('bookings', 'skyadmin')).text).slice(1);
    expect(own).toHaveLength(ROWS / 10);
    expect(own.every((record) => record.split(',')[2] === 'skyfares.com')).toBe(true);
    expect((await download('bookings?brand=default', 'skyadmin')).status).toBe(403);
    expect(recordsOf((await download('bookings?brand=skyfares.com&from=2026-11-21')).text)).toHaveLength(1 + 50);
  });

  it('downloads the money lines as decimals with the margin', async () => {
    const records = recordsOf((await download('money')).text);
    expect(records).toEqual([
      'booking_id,reference,brand,created_at,currency,captured,provider_cost,markup_margin,refunded,cancelled,pricing_rule',
      'bk-00002,R2,default,2026-11-20T10:00:02.000Z,USD,553.50,450.00,103.50,0.00,no,default',
    ]);
  });

  const revealed = async (body: object, user: 'root' | 'skyadmin' = 'root') =>
    request(admin.app)
      .post('/api/admin/exports/bookings/reveal')
      .set('X-Brand-Key', user === 'skyadmin' ? 'skyfares.com' : 'default')
      .set('Cookie', await admin.cookie(user))
      .send(body);

  /**
   * The exports with names recorded so far, as the event store holds them once every event written
   * is readable (a transaction elsewhere on the server can hold PostgreSQL's readers back).
   */
  async function exportsRecorded(): Promise<RecordedEvent[]> {
    await untilHeadIsLatest(sql, admin.deps.eventStore);
    const all = await admin.deps.eventStore.readAll({ maxCount: 10_000 });
    return all.filter((event) => event.streamName.startsWith(EXPORT_REVEAL_STREAM_PREFIX));
  }

  it('names travellers in full for a reason, recorded in the access log before the rows', async () => {
    const answer = await revealed({ from: '2026-11-20', to: '2026-11-20', brand: 'default', reason: 'Ticket 4411' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="contrail-bookings-with-names-from-2026-11-20-to-2026-11-20.csv"',
    );
    const records = recordsOf(answer.text);
    expect(records[1]).toBe('bk-00001,R1,default,confirmed,2026-11-20T10:00:01.000Z,,1,Ada Lovelace,553.50,USD');
    expect(records).toHaveLength(1 + 2_000 - 200);

    const recorded = await exportsRecorded();
    expect(recorded).toHaveLength(1);
    await sql.transaction((tx) => accessLogProjection.apply(tx, recorded[0]!));
    const log = await request(admin.app)
      .get('/api/admin/access-log')
      .set('Cookie', await admin.cookie('root'))
      .expect(200);
    expect(log.body.entries[0]).toMatchObject({
      bookingId: '',
      brandKey: 'default',
      username: 'root',
      seen: ['bookings-export'],
      reason: 'Ticket 4411',
      exported: 'bookings from 2026-11-20 to 2026-11-20',
    });
    const csv = await request(admin.app)
      .get('/api/admin/access-log.csv')
      .set('Cookie', await admin.cookie('root'))
      .expect(200);
    expect(recordsOf(csv.text)[0]).toBe('at,username,user_id,brand,booking_id,seen,reason,exported');
    expect(recordsOf(csv.text)[1]).toMatch(
      /,root,[^,]+,default,,bookings-export,Ticket 4411,bookings from 2026-11-20 to 2026-11-20$/,
    );
  });

  it('keeps a brand admin to their brand, and refuses a missing reason or another brand, recording nothing', async () => {
    const before = (await exportsRecorded()).length;
    expect((await revealed({ brand: 'default', reason: 'Ticket 4411' }, 'skyadmin')).status).toBe(403);
    const noReason = await revealed({ from: '2026-11-20' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('reason');
    expect((await revealed({ from: '2026-11-21', to: '2026-11-20', reason: 'Ticket 4411' })).status).toBe(400);
    expect((await exportsRecorded()).length).toBe(before);

    const own = recordsOf((await revealed({ reason: 'Ticket 4412' }, 'skyadmin')).text).slice(1);
    expect(own).toHaveLength(ROWS / 10);
    expect(own.every((record) => record.split(',')[2] === 'skyfares.com')).toBe(true);
    const recorded = await exportsRecorded();
    expect(recorded.at(-1)!.data).toMatchObject({ brandKey: 'skyfares.com', reason: 'Ticket 4412' });
  });

  it('answers 400 to bad filters, 401 signed out, 403 to travellers', async () => {
    expect((await download('bookings?from=2026-13-01')).status).toBe(400);
    expect((await download('money?from=2026-11-02&to=2026-11-01')).status).toBe(400);
    await request(admin.app).get('/api/admin/exports/bookings').expect(401);
    await request(admin.app)
      .get('/api/admin/exports/money')
      .set('Cookie', await admin.cookie('traveller'))
      .expect(403);
  });

  it('reads page by page as the download is taken: one page in memory at a time', async () => {
    const pages: number[] = [];
    const counting: SqlExecutor = {
      async query<Row>(text: string, params?: readonly unknown[]) {
        const result = await sql.query<Row>(text, params);
        pages.push(result.rows.length);
        return result;
      },
    };
    const reading = bookingRecords({ sql: counting, vault: admin.deps.bookings!.vault }, {}, 500);
    const first = await reading.next();
    expect(first.value).toHaveLength(500);
    expect(pages).toEqual([500]);
    let records = 500;
    for await (const page of reading) records += page.length;
    expect(records).toBe(ROWS);
    expect(pages).toEqual([500, 500, 500, 500, 500, 0]);
  });
});
