import { randomUUID } from 'node:crypto';
import { bookingRequestSchema, type BookingRequest } from '@contrail/shared/booking/index';
import type { SignedInUser } from '../../accounts/session.js';
import type { EventContext } from '../../eventstore/metadata.js';
import { isUnreachable } from '../../calls/deadline.js';
import { loadBooking, newBooking, type LoadedBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { BookingError, SERVICE_UNAVAILABLE_MESSAGE } from '../domain/errors.js';
import {
  BookingAnswers,
  isKnownRefusal,
  pendingAnswer,
  type BookingAnswer,
  type JustStarted,
} from './booking-answer.js';
import { BookingRequests, requestHash, type StoredBookingRequest } from './booking-requests.js';
import { LEASE_MS } from './request-ledger.js';
import { BookingStarter, type StartCall } from './start-booking.js';

export type { BookingAnswer };

export interface BookingCall {
  brandKey: string;
  user: SignedInUser | undefined;
  /** The Idempotency-Key header; without one the payment id stands in (a payment books once). */
  idempotencyKey: string | undefined;
  body: unknown;
  correlationId: string;
}

const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;
const POLL_MS = 100;
/** A job queue that answered a ping this recently is taken as reachable. */
const QUEUE_ANSWER_LASTS_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer the request itself caused (a refusal): kept for every repeat of the key. */
const isRefusal = (error: unknown) =>
  isKnownRefusal(error) && !(error instanceof BookingError && error.code === 'SERVICE_UNAVAILABLE');

/**
 * POST /api/bookings (DESIGN §4): claims the Idempotency-Key, starts the booking (checkout/
 * start-booking.ts) and answers its outcome (checkout/booking-answer.ts), bounded. A repeat of the
 * key gets the first answer, or resumes the booking from what is recorded, whichever step the
 * first attempt's process died at.
 */
export class BookingService {
  readonly #requests: BookingRequests;
  readonly #starter: BookingStarter;
  readonly #answers: BookingAnswers;
  /** When the job queue last answered a ping, and the ping under way. */
  #queueAnsweredAt = -Infinity;
  #pinging: Promise<void> | undefined;

  constructor(private readonly deps: BookingDeps) {
    this.#requests = new BookingRequests(deps.sql);
    this.#starter = new BookingStarter(deps);
    this.#answers = new BookingAnswers(deps, this.#requests);
  }

  async create(call: BookingCall): Promise<BookingAnswer> {
    const request = bookingRequestSchema.parse(call.body);
    const key = call.idempotencyKey?.trim() || `payment:${request.paymentId}`;
    if (!IDEMPOTENCY_KEY.test(key))
      throw new BookingError('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key: use 8 to 200 letters, digits, _ . : -');
    await this.#queueReachable();
    const hash = requestHash(call.body);
    const bookingId = randomUUID();
    const earlier = await this.#requests.claim(call.brandKey, key, hash, bookingId);
    // Claimed now, for a booking id just made up: that booking has no event yet, no need to read it.
    if (!earlier) return this.#run(call, request, key, bookingId, newBooking());
    if (earlier.requestHash !== hash)
      throw new BookingError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different booking request',
      );
    return this.#repeat(call, request, key);
  }

  /**
   * Nothing is claimed while the job queue is down: the booking could not move on, and the traveller
   * should retry. The in-process queue's table is in the database the claim itself writes to, so
   * its outage fails that claim (a 503, http/errors.ts): it is not asked first.
   */
  async #queueReachable(): Promise<void> {
    const { jobs } = this.deps;
    if (jobs.kind === 'in-process') return;
    // One ping a second serves every booking meanwhile (not one round trip per booking); a
    // reconnecting queue is asked every time.
    if (Date.now() - this.#queueAnsweredAt < QUEUE_ANSWER_LASTS_MS && !jobs.outage()) return;
    try {
      this.#pinging ??= jobs
        .ping(2_000)
        .then(() => void (this.#queueAnsweredAt = Date.now()))
        .finally(() => (this.#pinging = undefined));
      await this.#pinging;
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'job queue unreachable: refusing bookings for now');
      throw new BookingError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
    }
  }

  /** The same key again: the stored answer, or (its runner gone) this request finishes the booking. */
  async #repeat(call: BookingCall, request: BookingRequest, key: string): Promise<BookingAnswer> {
    const deadline = Date.now() + this.deps.orderWaitMs;
    for (;;) {
      const current: StoredBookingRequest | undefined = await this.#requests.get(call.brandKey, key);
      if (!current) return this.create(call);
      if (current.state === 'done') return this.#answers.replay(current, call.brandKey);
      if (await this.#requests.takeOver(call.brandKey, key, LEASE_MS))
        return this.#run(call, request, key, current.bookingId);
      if (Date.now() >= deadline)
        throw new BookingError('REQUEST_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed');
      await sleep(POLL_MS);
    }
  }

  /**
   * Starts the booking unless its events exist already, then answers its outcome; the claim stays
   * alive meanwhile. `known`: the booking when the caller knows it has no event yet.
   */
  async #run(
    call: BookingCall,
    request: BookingRequest,
    key: string,
    bookingId: string,
    known?: LoadedBooking,
  ): Promise<BookingAnswer> {
    const context: EventContext = {
      correlationId: call.correlationId,
      actor: call.user?.id ?? 'anonymous',
      brand: call.brandKey,
    };
    const startCall = { brandKey: call.brandKey, userId: call.user?.id, body: call.body, context };
    /** From the payment claim on, the booking may go on without this request. */
    let mayGoOn = false;
    return this.#requests.whileClaimed(call.brandKey, key, async () => {
      try {
        const booking = known ?? (await loadBooking(this.deps.eventStore, bookingId));
        let justStarted: JustStarted | undefined;
        if (booking.state.phase === 'none') {
          const checked = await this.#starter.check(startCall, request, bookingId);
          const watch = await this.#answers.watch(bookingId);
          try {
            mayGoOn = true;
            await this.#starter.claim(startCall, request, bookingId, checked);
            justStarted = { ...(await this.#starter.record(startCall, request, bookingId, booking, checked)), watch };
          } catch (error) {
            watch.cancel();
            throw error;
          }
        }
        mayGoOn = true;
        return await this.#answers.conclude({ ...call, context }, request, key, bookingId, justStarted);
      } catch (error) {
        return this.#failed({ call: startCall, key, bookingId, mayGoOn }, error);
      }
    });
  }

  /**
   * The answer to a request that failed. A refusal is the key's answer for good: it comes before
   * anything is recorded (the checks, or a payment claim refused), or it is the booking's failure.
   * Any other failure leaves the key to its next repeat, which resumes this booking: before the
   * payment claim nothing can be charged, so "try again" is the truth; from the claim on the
   * booking may go on, so the answer says it is being confirmed.
   */
  async #failed(attempt: Attempt, error: unknown): Promise<BookingAnswer> {
    const { call, key, bookingId, mayGoOn } = attempt;
    const { logger } = this.deps;
    if (isRefusal(error)) {
      await this.#answers
        .keepRefusal(call.brandKey, key, error)
        .catch((keeping: unknown) => logger.error({ err: keeping }, 'could not keep a booking refusal'));
      throw error;
    }
    await this.#requests
      .release(call.brandKey, key)
      .catch((releasing: unknown) => logger.error({ err: releasing }, 'could not release a booking request'));
    if (mayGoOn) {
      logger.warn({ err: error, bookingId }, 'a booking request failed once its payment was claimed: answered pending');
      return pendingAnswer(bookingId);
    }
    if (isUnreachable(error)) throw new BookingError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
    throw error;
  }
}

interface Attempt {
  call: StartCall;
  key: string;
  bookingId: string;
  mayGoOn: boolean;
}
