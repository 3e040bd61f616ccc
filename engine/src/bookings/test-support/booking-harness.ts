import { DEFAULT_PRICING } from '@contrail/shared/pricing/pricing';
import type { FlightOffer } from '@contrail/shared';
import { decimalAmount } from '../read-model/view.js';
import { cardPaymentsProjection } from '../read-model/card-payments.js';
import { openPurchasesProjection } from '../read-model/open-purchases.js';
import { sagaProcessor, type SagaProcessor } from '../saga/processor.js';
import { customerAmount } from '@contrail/shared/pricing/price-offer';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { pino } from 'pino';
import { expect } from 'vitest';
import request from 'supertest';
import { fastRetries } from '../../test-support/jobs.js';
import { createApp } from '../../app.js';
import { ManualClock } from '../../clock.js';
import { loadConfig } from '../../config.js';
import type { EventStore, RecordedEvent } from '../../eventstore/eventstore.js';
import { JobHandlerRegistry, type JobQueue } from '../../jobs/job-queue.js';
import { inProcessJobQueue } from '../../jobs/in-process-queue.js';
import { selfAddressedGateway } from '../../payments/wiring.js';
import { projectionRunner, type ProjectionRunner } from '../../projections/runner.js';
import { StripeFaults } from '@contrail/sandboxes/stripe/faults';
import { SqlStripeSandboxStore } from '@contrail/sandboxes/stripe/sql-store';
import type { Logger } from '../../logging/logger.js';
import type { SqlClient } from '../../storage/sql.js';
import { testDeps, type TestDeps } from '../../test-support/app.js';
import { listen, type Listening } from '../../test-support/listen.js';
import { ONE_ADDRESS_FOR_MANY_TRAVELLERS } from '../../test-support/processes.js';
import type { CardAttemptLimits } from '../checkout/card-attempts.js';
import type { BookingDeps } from '../deps.js';
import { loadBooking } from '../booking-stream.js';
import { registerBookingJobs } from '../saga/register.js';
import { answersChecked } from './checked-answers.js';
import { bookingsProjection } from '../read-model/projection.js';
import { SelfUrl } from '../../calls/self-url.js';
import type { BookingState } from '../domain/state.js';
import { eventually, untilHeadIsLatest } from '../../test-support/eventually.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

/**
 * An engine for booking tests: the real app on a loopback port with its mounted Duffel and Stripe
 * sandboxes, the booking jobs running on the given queue and the bookings projection live.
 */
export interface BookingHarness {
  url: string;
  deps: TestDeps;
  booking: BookingDeps;
  clock: ManualClock;
  stripeFaults: StripeFaults;
  jobs: JobQueue;
  projections: ProjectionRunner;
  saga: SagaProcessor;
  api(): ReturnType<typeof request>;
  agent(): ReturnType<typeof request.agent>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** A queue over the same database (default: in-process, fast polling). */
  jobs?: (sql: SqlClient) => JobQueue;
  /** Start job workers in this process (default true). */
  workers?: boolean;
  /** How long POST /api/bookings waits for the order before answering 202 (default 15 s, scaled). */
  orderWaitMs?: number;
  /** The pace of the slow retries of an order the provider does not answer (default: a few per second). */
  orderRecheckMs?: number;
  /** The event store (default: PostgreSQL's over `sql`); see test-support/eventstore.ts storageBackends(). */
  eventStore?: EventStore;
  /** Where the engine logs (default: silent, or the level in BOOKING_TEST_LOG). */
  logger?: Logger;
  /** process-card's limits (default: the configured ones, but none per address or offer). */
  cardAttempts?: Partial<CardAttemptLimits>;
}

export async function bookingHarness(sql: SqlClient, options: HarnessOptions = {}): Promise<BookingHarness> {
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 60_000) * 60_000));
  const stripeFaults = new StripeFaults();
  const logger = options.logger ?? pino({ level: process.env.BOOKING_TEST_LOG ?? 'silent' });
  const jobs =
    options.jobs?.(sql) ??
    inProcessJobQueue({ sql, pollIntervalMs: 100, concurrency: 4, logger, definitions: fastRetries });
  const selfUrl = new SelfUrl('127.0.0.1', 0);
  const deps = testDeps(sql, {
    config: {
      cardAttempts: { ...loadConfig({ ...ONE_ADDRESS_FOR_MANY_TRAVELLERS }).cardAttempts, ...options.cardAttempts },
    },
    clock,
    jobs,
    logger,
    selfUrl,
    payments: selfAddressedGateway(selfUrl),
    stripeSandbox: { store: new SqlStripeSandboxStore(sql), faults: stripeFaults },
    bookingOrderWaitMs: options.orderWaitMs ?? scaled(15_000),
    bookingOrderRecheckMs: options.orderRecheckMs ?? 200,
    ...(options.eventStore && { eventStore: options.eventStore }),
  });
  const server: Listening = await listen(createApp(deps), deps);
  const booking = deps.bookings!;
  if (options.workers !== false) await jobs.startWorkers(registerBookingJobs(new JobHandlerRegistry(), booking));
  const projections = projectionRunner({
    sql,
    eventStore: deps.eventStore,
    projections: [bookingsProjection, cardPaymentsProjection, openPurchasesProjection],
  });
  await projections.start();
  const saga = sagaProcessor({
    sql,
    eventStore: deps.eventStore,
    jobs,
    clock,
    logger,
    retryMs: { first: 50, max: 500 },
  });
  await saga.start();
  return {
    url: server.url,
    deps,
    booking,
    clock,
    stripeFaults,
    jobs,
    projections,
    saga,
    api: () => answersChecked(request(server.url)),
    agent: () => request.agent(server.url),
    async close() {
      await saga.stop();
      await projections.stop();
      await jobs.close();
      await server.close();
    },
  };
}

export const TEST_CARD = {
  number: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear: '34',
  cvv: '123',
  holderName: 'Jane Traveller',
};
export const DECLINED_CARD = { ...TEST_CARD, number: '4000 0000 0000 0002' };

/** The day (YYYY-MM-DD) `days` days after the harness's clock. */
export function dateIn(harness: BookingHarness, days: number): string {
  return new Date(harness.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The offers of a one-way search for one adult in economy `daysAhead` days from the harness's clock. */
function oneAdultInEconomy(
  harness: BookingHarness,
  daysAhead: number,
  route: { origin: string; destination: string },
): Promise<FlightOffer[]> {
  return harness.deps.flights!.search({
    ...route,
    departureDate: dateIn(harness, daysAhead),
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
  } as never);
}

/** Offers of a domestic one-way search that need no passports, one adult; distinct dates give distinct offers. */
export async function searchOffers(
  harness: BookingHarness,
  daysAhead = 30,
  route = { origin: 'JFK', destination: 'LAX' },
): Promise<FlightOffer[]> {
  const offers = await oneAdultInEconomy(harness, daysAhead, route);
  // Connections through a foreign hub make an offer international (passports): keep the simple ones.
  return offers.filter((offer) => !isInternationalOffer(offer));
}

/** The customer price the storefront shows for an offer on the default brand. */
export function shownPrice(offer: FlightOffer): { amount: number; currency: string } {
  return {
    amount: customerAmount(offer, { pricing: DEFAULT_PRICING, travellers: offer.passengers.length }),
    currency: offer.total_currency,
  };
}

export function traveller(email = 'jane.traveller@example.com') {
  return {
    id: 'p1',
    type: 'adult',
    title: 'ms',
    firstName: 'Jane',
    lastName: 'Traveller',
    gender: 'female',
    dateOfBirth: '1990-04-12',
    email,
    phone: '+1 212 555 0100',
  };
}

export async function authorize(harness: BookingHarness, offer: FlightOffer, card = TEST_CARD) {
  return harness
    .api()
    .post('/api/payments/process-card')
    .send({ offerId: offer.id, ...shownPrice(offer), cardDetails: card });
}

export function bookingBody(offer: FlightOffer, paymentId: string, email?: string) {
  return {
    offerId: offer.id,
    passengers: [traveller(email)],
    paymentDetails: { ...shownPrice(offer), cardDetails: { holderName: 'Jane Traveller' } },
    paymentId,
  };
}

/** The JFK-LAX offers for one adult in economy `daysAhead` days from the harness's clock (domestic: no passport). */
export function jfkLaxOffers(harness: BookingHarness, daysAhead: number): Promise<FlightOffer[]> {
  return oneAdultInEconomy(harness, daysAhead, { origin: 'JFK', destination: 'LAX' });
}

/**
 * Books `offer` for a new traveller with the test card, as a storefront would (the card, then the
 * booking request): the traveller's own agent (signed in by the booking), the booking id and the
 * card payment. The traveller's email is made of `key`, the request's Idempotency-Key.
 */
export async function bookAsTraveller(harness: BookingHarness, offer: FlightOffer, key: string) {
  const payment = await authorize(harness, offer);
  expect(payment.status, JSON.stringify(payment.body)).toBe(200);
  const owner = harness.agent();
  const booked = await owner
    .post('/api/bookings')
    .set('Idempotency-Key', key)
    .send(bookingBody(offer, payment.body.paymentId, `${key}@example.com`));
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { owner, id: booked.body.id as string, paymentId: payment.body.paymentId as string };
}

/** Every card authorization recorded by process-card, and every booking stream, from the global order. */
async function scan(harness: BookingHarness): Promise<{ paymentIds: string[]; bookingIds: string[] }> {
  const paymentIds: string[] = [];
  const bookingIds = new Set<string>();
  let after: RecordedEvent['position'] | undefined;
  for (;;) {
    const page = await harness.deps.eventStore.readAll({ ...(after && { after }), maxCount: 1000 });
    for (const event of page) {
      if (event.type === 'CardPaymentAuthorized') paymentIds.push((event.data as { paymentId: string }).paymentId);
      if (event.streamName.startsWith('booking-')) bookingIds.add(event.streamName.slice('booking-'.length));
    }
    if (page.length < 1000) return { paymentIds, bookingIds: [...bookingIds] };
    after = page.at(-1)!.position;
  }
}

/**
 * Nothing is left to happen to the booking's money: its order job has ended (confirmed, or failed
 * with its hold voided) and no cancellation is under way. The saga records each of these steps in
 * the booking's stream, so its state says whether a job for it is still to run.
 */
function isSettled(state: BookingState): boolean {
  if (state.phase === 'failed') return state.payment?.status !== 'authorized';
  return state.phase === 'confirmed' || state.phase === 'cancelled' || state.phase === 'completed';
}

/** How long the bookings of a case may take to settle once its requests are answered (scaled by `eventually`). */
const SETTLE_MS = 60_000;

/**
 * The bookings' states once every one has settled (or the bound has passed): a request may be
 * answered (a 202 while the order job runs, a 503) before its booking is done, and between capture
 * and confirmation a payment is captured by a booking not yet confirmed.
 */
async function settledStates(harness: BookingHarness, bookingIds: readonly string[]): Promise<BookingState[]> {
  const read = () => Promise.all(bookingIds.map(async (id) => (await loadBooking(harness.deps.eventStore, id)).state));
  return eventually(read, (states) => states.every(isSettled), SETTLE_MS);
}

/**
 * DESIGN §4's invariants, checked against the processor itself once every booking has settled:
 * every captured payment belongs to exactly one confirmed booking, every failed booking's
 * authorization is voided, no booking is confirmed without a captured payment. Returns the problems
 * found (none when all hold); a booking that never settled is one.
 */
export async function invariantViolations(harness: BookingHarness): Promise<string[]> {
  const problems: string[] = [];
  const { paymentIds, bookingIds } = await scan(harness);
  const states = await settledStates(harness, bookingIds);
  for (const state of states.filter((candidate) => !isSettled(candidate)))
    problems.push(
      `booking ${state.booking?.bookingId} still ${state.phase} (payment ${state.payment?.status}) after ${scaled(SETTLE_MS)} ms`,
    );
  const gateway = harness.deps.payments!;
  const confirmedLike = new Set(['confirmed', 'cancelling', 'cancelled', 'completed']);
  for (const paymentId of paymentIds) {
    const payment = await gateway.retrieve(paymentId);
    const owners = states.filter((state) => state.payment?.paymentId === paymentId);
    if (payment.status === 'captured') {
      const confirmed = owners.filter((state) => confirmedLike.has(state.phase));
      if (confirmed.length !== 1)
        problems.push(`payment ${paymentId} captured but owned by ${confirmed.length} confirmed bookings`);
    }
  }
  for (const state of states) {
    const id = state.booking?.bookingId;
    if (state.phase === 'failed' && state.payment) {
      const payment = await gateway.retrieve(state.payment.paymentId);
      if (payment.status !== 'voided')
        problems.push(`failed booking ${id} has payment ${payment.paymentId} ${payment.status}`);
    }
    if (confirmedLike.has(state.phase)) {
      const payment = state.payment && (await gateway.retrieve(state.payment.paymentId));
      if (!payment || payment.received !== state.payment!.amount.amount)
        problems.push(`confirmed booking ${id} without a captured payment`);
    }
  }
  return problems;
}

export { decimalAmount };

/** The first seat of the first flight that the offer's first passenger may take, with its price. */
export async function firstSeat(harness: BookingHarness, offer: FlightOffer) {
  const passengerId = offer.passengers[0]!.id;
  for (const map of await harness.deps.flights!.getSeatMaps(offer.id)) {
    for (const element of map.cabins
      .flatMap((cabin) => cabin.rows)
      .flatMap((row) => row.sections)
      .flatMap((section) => section.elements)) {
      const service =
        element.available === false
          ? undefined
          : element.available_services?.find((candidate) => candidate.passenger_id === passengerId);
      if (element.type === 'seat' && element.designator && service && Number(service.total_amount) > 0) {
        return {
          request: { passengerId, segmentId: map.segment_id, designator: element.designator, serviceId: service.id },
          amount: Number(service.total_amount),
        };
      }
    }
  }
  return undefined;
}

/** The read models have applied every event written so far (on PostgreSQL: once no open transaction holds them back). */
export async function readModelsCaughtUp(harness: BookingHarness): Promise<void> {
  await untilHeadIsLatest(harness.booking.sql, harness.deps.eventStore);
  const statuses = await eventually(
    () => harness.projections.status(),
    (all) => all.every((status) => status.caughtUp),
  );
  const behind = statuses.filter((status) => !status.caughtUp).map((status) => status.name);
  if (behind.length > 0) throw new Error(`read models still behind: ${behind.join(', ')}`);
}
