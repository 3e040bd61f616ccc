import { Duffel, DuffelError } from '@duffel/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../engine/src/clock.js';
import type { DuffelClient } from '../../../engine/src/flights/duffel-client.js';
import { inProcessDuffelClient } from './in-process-client.js';
import { DuffelSandbox } from './sandbox.js';
import { servedSandbox, type ServedSandbox } from './test-support/served-sandbox.js';

const clock = new ManualClock('2026-11-22T12:00:00Z');
const sandbox = new DuffelSandbox(clock);
const inProcess = inProcessDuffelClient(sandbox, () => 'duffel_test_x');
let overHttp: DuffelClient;
let served: ServedSandbox;

beforeAll(async () => {
  served = await servedSandbox(sandbox);
  overHttp = new Duffel({ token: 'duffel_test_x', apiVersion: 'v2', basePath: served.basePath });
});
afterAll(() => served.close());
afterEach(() => sandbox.faults.reset());

const request = {
  slices: [
    { origin: 'JFK', destination: 'LHR', departure_date: '2026-12-20', departure_time: null, arrival_time: null },
  ],
  passengers: [{ type: 'adult' as const }, { age: 8 }],
  cabin_class: 'economy' as const,
  max_connections: 1 as const,
  return_offers: false as const,
  supplier_timeout: 10_000,
};

/** What a client's call answered, or how it failed, as the provider sees either. */
async function outcome(work: Promise<{ data: unknown; meta?: unknown }>) {
  try {
    const { data, meta } = await work;
    return { data: JSON.parse(JSON.stringify(data)) as unknown, meta };
  } catch (error) {
    if (!(error instanceof DuffelError)) throw error;
    return { status: error.status, codes: error.errors.map((e) => e.code) };
  }
}

describe('the in-process client of a mounted Duffel sandbox', () => {
  it('answers every call the provider makes as the official client does over HTTP', async () => {
    const offerRequest = (await inProcess.offerRequests.create(request)).data;
    const list = (client: DuffelClient) =>
      client.offers.list({ offer_request_id: offerRequest.id, limit: 5, sort: 'total_amount' });
    const listed = await outcome(list(inProcess));
    expect(listed).toEqual(await outcome(list(overHttp)));
    const offer = (listed.data as Array<{ id: string }>)[0]!;
    const calls: Array<(client: DuffelClient) => Promise<{ data: unknown }>> = [
      (client) => client.offers.list({ offer_request_id: offerRequest.id, limit: 3, after: 'aTo1' }),
      (client) => client.offers.get(offer.id, { return_available_services: true }),
      (client) => client.offers.get('off_0000000000000000000000'),
      (client) => client.seatMaps.get({ offer_id: offer.id }),
      (client) => client.orders.get('ord_nothing'),
      (client) => client.orderCancellations.create({ order_id: 'ord_nothing' }),
    ];
    for (const call of calls) expect(await outcome(call(inProcess))).toEqual(await outcome(call(overHttp)));
  });

  it('fails as Duffel does: a validation error, and the planned faults on the path the client asks', async () => {
    const invalid = await outcome(inProcess.offerRequests.create({ ...request, cabin_class: 'cargo' as never }));
    expect(invalid).toEqual({ status: 422, codes: ['invalid_value'] });

    sandbox.faults.failNext(503, { pathIncludes: 'offer_requests' });
    expect(await outcome(inProcess.offerRequests.create(request))).toEqual({
      status: 503,
      codes: ['internal_server_error'],
    });
    sandbox.faults.timeoutNext({ pathIncludes: 'air/offers/' });
    expect(await outcome(inProcess.offers.get('off_0000000000000000000000'))).toEqual({
      status: 504,
      codes: ['gateway_timeout_error'],
    });
  });
});
