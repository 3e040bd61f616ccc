import {
  SAVED_TRAVELLER_MESSAGES,
  SAVED_TRAVELLERS_MAX,
  savedTravellerListSchema,
  savedTravellerSchema,
} from '@contrail/shared/accounts/saved-travellers';
import { PASSENGER_MESSAGES } from '@contrail/shared/booking/passenger-fields';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ManualClock } from '../clock.js';
import type { SqlClient } from '../storage/sql.js';
import { answerOf } from '../test-support/answer.js';
import { testDeps, type TestDeps } from '../test-support/app.js';
import { holdsText } from '../test-support/holds-text.js';
import { sqlBackends } from '../test-support/sql.js';
import { eraseAccount } from '../bookings/manage/erasure.js';
import { savedTravellersKeyGroup } from './store.js';
import { selfAddressedGateway } from '../payments/wiring.js';
import { SelfUrl } from '../calls/self-url.js';

const ada = {
  title: 'ms',
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'female',
  dateOfBirth: '1985-12-10',
  passportNumber: 'x1 234 5678',
  passportExpiryDate: '2031-05-01',
  passportIssuingCountry: 'gb',
};

describe.each(sqlBackends())('saved travellers on $name', (backend) => {
  let sql: SqlClient;
  let deps: TestDeps;
  let app: Express;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  async function signIn(username: string) {
    const response = await request(app).post('/api/auth/login').send({ username, password: 'a-password' }).expect(200);
    return (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  }

  beforeAll(async () => {
    sql = await backend.open();
    deps = testDeps(sql, {
      clock: new ManualClock('2026-11-29T12:00:00Z'),
      payments: selfAddressedGateway(new SelfUrl('127.0.0.1', 0)),
    });
    app = createApp(deps);
    const base = { password: 'a-password', firstName: 'A', lastName: 'B' };
    for (const username of ['parent', 'stranger']) {
      const user = await deps.accounts.register('default', { ...base, username, email: `${username}@example.com` });
      ids[username] = user.id;
      cookies[username] = await signIn(username);
    }
  });
  afterAll(async () => {
    await sql.close();
  });

  const as = (who: string) => ({
    get: () => request(app).get('/api/account/travellers').set('Cookie', cookies[who]!),
    post: (body: object) => request(app).post('/api/account/travellers').set('Cookie', cookies[who]!).send(body),
    put: (id: string, body: object) =>
      request(app).put(`/api/account/travellers/${id}`).set('Cookie', cookies[who]!).send(body),
    delete: (id: string) => request(app).delete(`/api/account/travellers/${id}`).set('Cookie', cookies[who]!),
  });

  it('saves a traveller sealed like booking data, lists it to its owner only, changes and removes it', async () => {
    const saved = answerOf(savedTravellerSchema, await as('parent').post(ada).expect(201));
    expect(saved).toEqual({
      ...ada,
      id: expect.any(String),
      passportNumber: 'X12345678',
      passportIssuingCountry: 'GB',
      updatedAt: '2026-11-29T12:00:00.000Z',
    });
    // Sealed: nothing personal in the row, and its data key wrapped under the master key.
    const { rows } = await sql.query<{ text: string }>('SELECT row_to_json(t)::text AS text FROM saved_travellers t');
    expect(rows).toHaveLength(1);
    const row = JSON.parse(rows[0]!.text) as unknown;
    for (const needle of ['Ada', 'Lovelace', '1985-12-10', 'X12345678'])
      expect(holdsText(row, needle), needle).toBe(false);

    expect(answerOf(savedTravellerListSchema, await as('parent').get().expect(200)).travellers).toEqual([saved]);
    expect((await as('stranger').get().expect(200)).body).toEqual({ travellers: [] });
    // Another account's traveller does not exist for it.
    await as('stranger').put(saved.id, ada).expect(404);
    await as('stranger').delete(saved.id).expect(404);

    const changed = await as('parent')
      .put(saved.id, { ...ada, firstName: 'Augusta', passportNumber: '' })
      .expect(200);
    expect(changed.body).toMatchObject({ id: saved.id, firstName: 'Augusta' });
    expect(changed.body.passportNumber).toBeUndefined();
    expect((await as('parent').get()).body.travellers[0]).toMatchObject({ firstName: 'Augusta', lastName: 'Lovelace' });

    await as('parent').delete(saved.id).expect(204);
    expect((await as('parent').get()).body).toEqual({ travellers: [] });
    const keys = await sql.query<{ live: boolean }>(
      'SELECT data_key IS NOT NULL AS live FROM pii_data_keys WHERE key_id = $1',
      [`${savedTravellersKeyGroup(ids.parent!)}/${saved.id}`],
    );
    expect(keys.rows).toEqual([{ live: false }]);
  });

  it('refuses bad input with the passenger form’s words, signed-out callers and an ill-formed id', async () => {
    const refused = await as('parent')
      .post({ ...ada, firstName: ' ', dateOfBirth: '1985-13-40', passportNumber: 'AB', passportIssuingCountry: 'G1' })
      .expect(400);
    const messages = JSON.stringify(refused.body);
    for (const message of [
      PASSENGER_MESSAGES.firstName,
      SAVED_TRAVELLER_MESSAGES.dateOfBirthFormat,
      PASSENGER_MESSAGES.passportTooShort,
      PASSENGER_MESSAGES.countryLetters,
    ])
      expect(messages).toContain(message);
    await request(app).get('/api/account/travellers').expect(401);
    await request(app).post('/api/account/travellers').send(ada).expect(401);
    await as('parent').put('not-an-id', ada).expect(400);
  });

  it(`keeps at most ${SAVED_TRAVELLERS_MAX} travellers per account`, async () => {
    for (let index = 0; index < SAVED_TRAVELLERS_MAX; index += 1)
      await as('stranger')
        .post({ ...ada, firstName: `Child${index}` })
        .expect(201);
    const refused = await as('stranger').post(ada).expect(409);
    expect(refused.body.message).toBe(SAVED_TRAVELLER_MESSAGES.tooMany);
  });

  it('erases the saved travellers with the account: rows gone, data keys destroyed', async () => {
    await as('parent').post(ada).expect(201);
    const user = (await deps.accounts.users.findById(ids.parent!))!;
    await eraseAccount(deps.bookings!, user, { correlationId: 'erase-test', actor: 'test', brand: 'default' });
    const rows = await sql.query('SELECT 1 FROM saved_travellers WHERE user_id = $1', [ids.parent]);
    expect(rows.rowCount).toBe(0);
    const live = await sql.query('SELECT 1 FROM pii_data_keys WHERE booking_id = $1 AND data_key IS NOT NULL', [
      savedTravellersKeyGroup(ids.parent!),
    ]);
    expect(live.rowCount).toBe(0);
    const all = await sql.query('SELECT 1 FROM pii_data_keys WHERE booking_id = $1', [
      savedTravellersKeyGroup(ids.parent!),
    ]);
    expect(all.rowCount).toBe(2);
  });
});
