import { randomUUID } from 'node:crypto';
import { OFFER_EXPIRED_MESSAGE, type FlightOffer } from '@contrail/shared';
import {
  bookingRequestSchema,
  isInternationalOffer,
  passengersSchema,
  fromMinorUnits,
  toMinorUnits,
  type BookingRequest,
  type Passenger,
} from '@contrail/shared/booking/index';
import { z } from 'zod';
import type { SignedInUser } from '../accounts/session.js';
import type { User } from '../accounts/users.js';
import { UserStore } from '../accounts/users.js';
import { providerFailure } from '../flights/routes.js';
import { HttpError, ValidationError, parseInput } from '../http/errors.js';
import type { EventContext } from '../eventstore/metadata.js';
import { createAccountFor } from './account-for-booking.js';
import { handleBookingCommands, loadBooking } from './booking-stream.js';
import { saveContact } from './contacts.js';
import type { BookingDeps } from './deps.js';
import { confirmationEmail } from './email/confirmation-email.js';
import { BookingRequests, requestHash, type StoredRequest } from './idempotency.js';
import { itineraryOf, tripTimesOf } from './itinerary.js';
import { formatMoney, type Money } from './money.js';
import { e164 } from './order-input.js';
import { claimPayment, readPayment, releasePayment } from './payment-claims.js';
import { sealPassengers } from './passengers.js';
import { voidOnce } from './payment-steps.js';
import { customerPrice } from './pricing.js';
import { pricedSeats, seatsBodySchema, withSeats } from './seats.js';
import { presentFromStream } from './read-model/present.js';
import type { BookingState } from './state.js';

export interface BookingCall {
  brandKey: string;
  user: SignedInUser | undefined;
  /** The Idempotency-Key header; without one the payment id stands in (a payment books once). */
  idempotencyKey: string | undefined;
  body: unknown;
  correlationId: string;
}

export interface BookingAnswer {
  status: number;
  body: Record<string, unknown>;
  /** A new account to sign in on this request (a signed-out traveller with a new email). */
  signIn?: User;
}

const POLL_MS = 25;
/** A running request untouched this long past the order wait is taken to have died with its process. */
const STALE_AFTER_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;

function offerIsExpired(offer: FlightOffer, now: Date): boolean {
  return Date.parse(offer.expires_at) <= now.getTime();
}

/** Offer passenger ids for the travellers, matched by type in order (the form lists adults, then children, then infants). */
function passengerIdsFor(offer: FlightOffer, passengers: readonly Passenger[]): string[] {
  const pool = itineraryOf(offer).passengers;
  if (pool.length !== passengers.length) {
    throw new ValidationError([{ path: 'passengers', message: `This offer is for ${pool.length} passenger(s)` }]);
  }
  const taken = new Set<string>();
  return passengers.map((passenger, index) => {
    const match = pool.find((candidate) => candidate.type === passenger.type && !taken.has(candidate.id));
    if (!match) {
      throw new ValidationError([
        { path: `passengers.${index}.type`, message: `This offer has no further ${passenger.type} passenger` },
      ]);
    }
    taken.add(match.id);
    return match.id;
  });
}

/**
 * POST /api/bookings (DESIGN §4): checks everything the client claims against the provider and
 * the payment record, records the booking, hands the order to the create-order job and waits for
 * its outcome, bounded. A repeated Idempotency-Key gets the first answer and does nothing more.
 */
export class BookingService {
  readonly #requests: BookingRequests;
  readonly #users: UserStore;

  constructor(private readonly deps: BookingDeps) {
    this.#requests = new BookingRequests(deps.sql, deps.piiKeys);
    this.#users = new UserStore(deps.sql);
  }

  async create(call: BookingCall): Promise<BookingAnswer> {
    const request = parseInput(bookingRequestSchema, call.body);
    const key = call.idempotencyKey?.trim() || `payment:${request.paymentId}`;
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw new HttpError(400, 'Idempotency-Key: use 8 to 200 letters, digits, _ . : -', 'INVALID_IDEMPOTENCY_KEY');
    }
    const hash = requestHash(call.body);
    const earlier = await this.#requests.claim(call.brandKey, key, hash, randomUUID());
    if (earlier) {
      if (earlier.requestHash !== hash) {
        throw new HttpError(
          422,
          'This Idempotency-Key was already used for a different booking request',
          'IDEMPOTENCY_KEY_REUSED',
        );
      }
      return this.#repeat(call, request, key, earlier);
    }
    const bookingId = (await this.#requests.get(call.brandKey, key))!.bookingId;
    let started = false;
    try {
      started = await this.#start(call, request, bookingId);
      return await this.#conclude(call, request, key, bookingId);
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) {
        await this.#requests.finish(call.brandKey, key, error.status, {
          message: error.message,
          ...(error.code && { code: error.code }),
          ...error.extra,
        });
      } else if (!started) {
        await this.#requests.forget(call.brandKey, key);
      } else {
        await this.#requests.release(call.brandKey, key);
      }
      throw error;
    }
  }

  /** The same key again: the stored answer, or (still running) the answer once it exists. */
  async #repeat(
    call: BookingCall,
    request: BookingRequest,
    key: string,
    stored: StoredRequest,
  ): Promise<BookingAnswer> {
    const deadline = Date.now() + this.deps.orderWaitMs + 5_000;
    const staleMs = this.deps.orderWaitMs + STALE_AFTER_MS;
    let current: StoredRequest | undefined = stored;
    for (;;) {
      if (!current) return this.create(call);
      if (current.state === 'done') return this.#replay(current);
      // Pending (answered 202), or running with nobody left to finish it: this request finishes it.
      if (await this.#requests.takeOver(call.brandKey, key, staleMs))
        return this.#resume(call, request, key, current.bookingId);
      if (Date.now() >= deadline) {
        throw new HttpError(409, 'A request with this Idempotency-Key is still being processed', 'REQUEST_IN_PROGRESS');
      }
      await sleep(POLL_MS * 2);
      current = await this.#requests.get(call.brandKey, key);
    }
  }

  async #resume(call: BookingCall, request: BookingRequest, key: string, bookingId: string): Promise<BookingAnswer> {
    try {
      if ((await loadBooking(this.deps.eventStore, bookingId)).state.phase === 'none') {
        await this.#start(call, request, bookingId);
      }
      return await this.#conclude(call, request, key, bookingId);
    } catch (error) {
      await this.#requests.release(call.brandKey, key);
      throw error;
    }
  }

  async #replay(stored: StoredRequest): Promise<BookingAnswer> {
    const body = { ...stored.response };
    const password = await this.#requests.unseal(stored);
    if (password !== null && body.accountInfo && typeof body.accountInfo === 'object') {
      body.accountInfo = { ...body.accountInfo, password };
    }
    if (stored.status !== null && stored.status >= 400)
      throw new HttpError(stored.status, String(body.message ?? 'Booking failed'), body.code as string | undefined);
    return { status: stored.status ?? 200, body };
  }

  /** Verifies and records the booking; true once its events exist. */
  async #start(call: BookingCall, request: BookingRequest, bookingId: string): Promise<boolean> {
    const { deps } = this;
    const now = deps.clock.now();
    const context: EventContext = {
      correlationId: call.correlationId,
      actor: call.user?.id ?? 'anonymous',
      brand: call.brandKey,
    };
    let offer: FlightOffer;
    try {
      offer = await deps.flights.getOffer(request.offerId);
    } catch (error) {
      const failure = providerFailure(error);
      if (failure.code === 'OFFER_NOT_FOUND' || failure.code === 'OFFER_EXPIRED')
        await this.#giveBack(request.paymentId, 'offer gone', context);
      throw failure.code === 'OFFER_NOT_FOUND' ? new HttpError(410, OFFER_EXPIRED_MESSAGE, 'OFFER_EXPIRED') : failure;
    }
    if (offerIsExpired(offer, now)) {
      await this.#giveBack(request.paymentId, 'offer expired', context);
      throw new HttpError(410, OFFER_EXPIRED_MESSAGE, 'OFFER_EXPIRED');
    }
    const { passengers } = parseInput(
      z.object({ passengers: passengersSchema({ passportRequired: isInternationalOffer(offer), today: now }) }),
      { passengers: request.passengers },
    );
    if (!e164(passengers[0]!.phone)) {
      throw new ValidationError([
        { path: 'passengers.0.phone', message: 'Phone number must include the country code, e.g. +1 212 555 0100' },
      ]);
    }
    const passengerIds = passengerIdsFor(offer, passengers);
    const brand = await deps.brands.find(call.brandKey);
    if (!brand) throw new HttpError(404, `No brand ${call.brandKey}`, 'BRAND_NOT_FOUND');
    const seatRequests =
      parseInput(seatsBodySchema, { seats: (call.body as { seats?: unknown } | null)?.seats }).seats ?? [];
    const seats = await pricedSeats(deps.flights, offer.id, seatRequests);
    const price = withSeats(customerPrice(offer, brand.priceMarkup), seats);
    checkAmount(
      {
        amount: toMinorUnits(request.paymentDetails.amount, request.paymentDetails.currency),
        currency: request.paymentDetails.currency,
      },
      price,
      'paymentDetails.amount',
    );
    const cardLast4 = await this.#checkPayment(request, call.brandKey, price);

    const email = passengers[0]!.email!;
    const customerId = call.user?.id ?? (await this.#users.findByEmail(call.brandKey, email))?.id ?? null;
    if (!(await claimPayment(deps.eventStore, request.paymentId, bookingId, context, deps.clock))) {
      throw new HttpError(409, 'This payment has already been used for another booking', 'PAYMENT_ALREADY_USED');
    }
    const at = now.toISOString();
    const sealed = await sealPassengers(deps.vault, bookingId, passengers, passengerIds);
    const itinerary = itineraryOf(offer);
    await handleBookingCommands(
      deps.eventStore,
      bookingId,
      [
        {
          type: 'StartBooking',
          data: {
            bookingId,
            brandKey: call.brandKey,
            offerId: offer.id,
            customerId,
            price: customerPrice(offer, brand.priceMarkup),
            offerExpiresAt: offer.expires_at,
            passportRequired: isInternationalOffer(offer),
            cancellable: itinerary.conditions.refundable,
            ...tripTimesOf(offer),
            itinerary,
            at,
          },
        },
        { type: 'ProvidePassengers', data: { passengers: sealed, at } },
        ...(seats.length > 0 ? [{ type: 'SelectSeats' as const, data: { seats, at } }] : []),
        { type: 'RecordPaymentAuthorization', data: { paymentId: request.paymentId, amount: price, cardLast4, at } },
      ],
      { context, clock: deps.clock },
    );
    await saveContact(deps.sql, bookingId, call.brandKey, email);
    await deps.jobs.enqueue(
      'create-order',
      { bookingId, correlationId: call.correlationId },
      { jobId: `create-order-${bookingId}` },
    );
    // Should the order still wait when the offer runs out, the recheck fails the checkout and create-order voids the card.
    const untilExpiry = Date.parse(offer.expires_at) - now.getTime() + 1_000;
    await deps.jobs.enqueue(
      'recheck-offer',
      { bookingId, correlationId: call.correlationId },
      { jobId: `recheck-${bookingId}`, delayMs: Math.max(untilExpiry, 1_000) },
    );
    return true;
  }

  /** The card authorization must be process-card's, for this offer, brand and amount, unused and still held. */
  async #checkPayment(request: BookingRequest, brandKey: string, price: Money): Promise<string> {
    const record = await readPayment(this.deps.eventStore, request.paymentId);
    if (!record || record.authorization.brandKey !== brandKey) {
      throw new ValidationError([{ path: 'paymentId', message: 'No card payment with this id was authorized here' }]);
    }
    if (record.authorization.offerId !== request.offerId) {
      throw new ValidationError([{ path: 'paymentId', message: 'This payment was authorized for another offer' }]);
    }
    checkAmount(record.authorization.amount, price, 'paymentId');
    if (record.claimedBy || record.released) {
      throw new HttpError(409, 'This payment has already been used for another booking', 'PAYMENT_ALREADY_USED');
    }
    const payment = await this.deps.payments.retrieve(request.paymentId);
    if (payment.status !== 'authorized' || payment.capturable < price.amount) {
      throw new HttpError(
        409,
        'This card authorization is no longer valid. Please pay again.',
        'PAYMENT_NOT_AUTHORIZED',
      );
    }
    return record.authorization.cardLast4;
  }

  /** The offer went away before a booking held the authorization: release it so nobody keeps the hold. */
  async #giveBack(paymentId: string, reason: string, context: EventContext): Promise<void> {
    const record = await readPayment(this.deps.eventStore, paymentId);
    if (!record || record.claimedBy || record.released) return;
    if (await releasePayment(this.deps.eventStore, paymentId, reason, context, this.deps.clock)) {
      await voidOnce(this.deps.payments, paymentId, `release-${paymentId}`);
    }
  }

  /** Waits (bounded) for create-order's outcome and answers it. */
  async #conclude(call: BookingCall, request: BookingRequest, key: string, bookingId: string): Promise<BookingAnswer> {
    const state = await this.#outcome(bookingId);
    if (state.phase === 'started') {
      await this.#requests.release(call.brandKey, key);
      return {
        status: 202,
        body: {
          id: bookingId,
          duffelBookingId: '',
          status: 'pending',
          accountCreated: false,
          message: 'Your booking is being confirmed with the airline. Send the same request again to see the outcome.',
        },
      };
    }
    if (state.phase === 'failed') {
      const expired = state.offerExpired || /offer/i.test(state.failure ?? '');
      throw expired
        ? new HttpError(410, OFFER_EXPIRED_MESSAGE, 'OFFER_EXPIRED', { bookingId })
        : new HttpError(
            409,
            `The airline could not confirm this booking (${state.failure ?? 'unknown reason'}). You have not been charged.`,
            'BOOKING_FAILED',
            { bookingId },
          );
    }
    return this.#confirmed(call, request, key, bookingId, state);
  }

  async #outcome(bookingId: string): Promise<BookingState> {
    const deadline = Date.now() + this.deps.orderWaitMs;
    // Soon at first (most orders take well under a second), then less often, so waiting requests stay cheap.
    for (let pause = POLL_MS; ; pause = Math.min(pause * 1.5, 250)) {
      const { state } = await loadBooking(this.deps.eventStore, bookingId);
      if (state.phase !== 'started' || Date.now() >= deadline) return state;
      await sleep(pause);
    }
  }

  async #confirmed(
    call: BookingCall,
    request: BookingRequest,
    key: string,
    bookingId: string,
    state: BookingState,
  ): Promise<BookingAnswer> {
    const { deps } = this;
    let created: Awaited<ReturnType<typeof createAccountFor>>;
    if (!state.booking!.customerId) {
      const primary = request.passengers[0]!;
      const email = primary.email!.trim();
      created = await createAccountFor(deps.accounts, call.brandKey, {
        email,
        firstName: primary.firstName,
        lastName: primary.lastName,
      });
      const owner = created?.user.id ?? (await this.#users.findByEmail(call.brandKey, email))?.id;
      if (owner) {
        await handleBookingCommands(
          deps.eventStore,
          bookingId,
          { type: 'AttachCustomer', data: { customerId: owner, at: deps.clock.now().toISOString() } },
          {
            context: { correlationId: call.correlationId, actor: owner, brand: call.brandKey },
            clock: deps.clock,
            retriesOnConflict: 5,
          },
        );
      }
    }
    const presented = (await presentFromStream(deps, bookingId))!;
    const brand = await deps.brands.find(call.brandKey);
    const body = {
      id: bookingId,
      duffelBookingId: presented.state.order!.bookingReference,
      reference: presented.view.reference,
      status: presented.view.status,
      accountCreated: created !== undefined,
      ...(created && {
        accountInfo: { username: created.user.username, password: created.password, email: created.user.email },
      }),
      emailContent: confirmationEmail(presented.view, brand?.name ?? 'Contrail', 'confirmed').text,
    };
    const stored = created ? { ...body, accountInfo: { ...body.accountInfo!, password: '' } } : body;
    await this.#requests.finish(call.brandKey, key, 201, stored, created?.password);
    return { status: 201, body, ...(created && { signIn: created.user }) };
  }
}

function checkAmount(given: Money, price: Money, path: string): void {
  if (given.amount !== price.amount || given.currency.toUpperCase() !== price.currency) {
    throw new HttpError(
      400,
      `${path}: the amount must be the offer's price of ${formatMoney(price)}`,
      'AMOUNT_MISMATCH',
      {
        errors: [{ path, message: `The amount must be the offer's price of ${formatMoney(price)}` }],
        expected: { amount: fromMinorUnits(price.amount, price.currency), currency: price.currency },
      },
    );
  }
}
