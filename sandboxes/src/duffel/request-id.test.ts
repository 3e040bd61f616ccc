import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TEST_SANDBOX_CREDENTIALS } from '../credentials.js';
import { sandboxRoutes } from '../routes.js';
import { ManualClock } from '@contrail/shared/time/clock';
import { DuffelSandbox } from './sandbox.js';

const app = express().use(
  sandboxRoutes({
    duffelSandbox: new DuffelSandbox(new ManualClock('2026-11-22T12:00:00Z')),
    isLive: () => Promise.resolve(false),
  }),
);
const headers = { Authorization: `Bearer ${TEST_SANDBOX_CREDENTIALS.duffelToken}`, 'Duffel-Version': 'v2' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the Duffel sandbox's request ids", () => {
  it('sends x-request-id on a success', async () => {
    const response = await request(app).get('/sandbox/duffel/air/orders').set(headers);
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it("sends the error's meta.request_id as x-request-id, from the endpoints, the body parser and the gate", async () => {
    const answers = [
      await request(app).get('/sandbox/duffel/air/offers/off_missing').set(headers),
      await request(app).post('/sandbox/duffel/air/orders').set(headers).type('json').send('{"data":'),
      await request(app)
        .get('/sandbox/duffel/air/orders')
        .set({ ...headers, Authorization: 'Bearer someone_else' }),
      await request(app).get('/sandbox/duffel/air/offers/%E0%A4%A').set(headers),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 400, 401, 400]);
    for (const answer of answers) {
      expect(answer.headers['x-request-id']).toMatch(UUID);
      expect(answer.body.meta.request_id).toBe(answer.headers['x-request-id']);
    }
  });

  it('gives every answer an id of its own', async () => {
    const first = await request(app).get('/sandbox/duffel/air/offers/off_missing').set(headers);
    const second = await request(app).get('/sandbox/duffel/air/offers/off_missing').set(headers);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});
