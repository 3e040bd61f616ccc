import { randomUUID } from 'node:crypto';
import { bookingRequestSchema, type BookingRequest } from '@contrail/shared/booking/index';
import type { SignedInUser } from '../../accounts/session.js';
import type { EventContext } from '../../eventstore/metadata.js';
import { isUnreachable } from '../../calls/deadline.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { loadBooking, newBooking } from '../booking-stream.js';
import { Refusal, refusalOf, SERVICE_UNAVAILABLE_MESSAGE } from '../domain/refusals.js';
import {
  BookingAnswers,
  keptAnswer,
  pendingAnswer,
  type AnswerPorts,
  type BookingAnswer,
  type JustStarted,
} from './booking-answer.js';
import { checkedKey, idempotentRequest, type Settle } from './idempotent-request.js';
import { RequestLedger } from './request-ledger.js';
import { BookingStarter, type StartCall, type StarterPorts } from './start-booking.js';

export type { BookingAnswer };

/** The ports a booking request uses: its starter's and its answer's, and the job queue it checks first. */
export type BookingPorts = StarterPorts & AnswerPorts & { jobs: JobQueue };

export interface BookingCall {
  brandKey: string;
  user: SignedInUser | undefined;
  /** The Idempotency-Key header; without one the payment id stands in (a payment books once). */
  idempotencyKey: string | undefined;
  body: unknown;
  correlationId: string;
}

/** A job queue that answered a ping this recently is taken as reachable. */
const QUEUE_ANSWER_LASTS_MS = 1_000;

/**
 * POST /api/bookings (DESIGN §4), under its Idempotency-Key (checkout/idempotent-request.ts):
 * check the request (start-booking.ts), claim the payment, record the booking, then answer its
 * outcome (booking-answer.ts), bounded. A repeat of the key gets the kept answer, or resumes the
 * same booking from what is recorded, whichever step the first attempt stopped at.
 */
export class BookingService {
  readonly #requests: RequestLedger;
  readonly #starter: BookingStarter;
  readonly #answers: BookingAnswers;
  /** When the job queue last answered a ping, and the ping under way. */
  #queueAnsweredAt = -Infinity;
  #pinging: Promise<void> | undefined;

  constructor(private readonly deps: BookingPorts) {
    this.#requests = new RequestLedger(deps.sql, 'booking_requests');
    this.#starter = new BookingStarter(deps);
    this.#answers = new BookingAnswers(deps);
  }

  async create(call: BookingCall): Promise<BookingAnswer> {
    const request = bookingRequestSchema.parse(call.body);
    const key = checkedKey(call.idempotencyKey?.trim() || `payment:${request.paymentId}`);
    await this.#queueReachable();
    const newId = randomUUID();
    return idempotentRequest({
      ledger: this.#requests,
      brandKey: call.brandKey,
      key,
      body: call.body,
      columns: { booking_id: newId },
      waitMs: this.deps.orderWaitMs,
      what: 'booking request',
      run: (settle, resumed) => this.#book(call, request, settle, resumed?.bookingId ?? newId, !resumed),
      replay: (kept) => this.#answers.replay(kept, call.brandKey),
    });
  }

  /**
   * Starts the booking unless its events exist already, answers its outcome, and settles the key
   * by it. `isNew`: the booking id was just made up, so it has no event to read.
   */
  async #book(
    call: BookingCall,
    request: BookingRequest,
    settle: Settle,
    bookingId: string,
    isNew: boolean,
  ): Promise<BookingAnswer> {
    const context: EventContext = {
      correlationId: call.correlationId,
      actor: call.user?.id ?? 'anonymous',
      brand: call.brandKey,
    };
    const startCall: StartCall = { brandKey: call.brandKey, userId: call.user?.id, body: call.body, context };
    /** From the payment claim on, the booking may go on without this request. */
    let mayGoOn = false;
    try {
      const booking = isNew ? newBooking() : await loadBooking(this.deps.eventStore, bookingId);
      let started: JustStarted | undefined;
      if (booking.state.phase === 'none') {
        const checked = await this.#starter.check(startCall, request, bookingId);
        const watch = await this.#answers.watch(bookingId);
        mayGoOn = true;
        started = await this.#starter.start(startCall, request, bookingId, booking, checked, watch);
      }
      mayGoOn = true;
      const answer = await this.#answers.conclude({ ...call, context }, request, bookingId, started);
      if (answer.status === 202) await settle.resume();
      else await settle.keep(answer.status, keptAnswer(answer.body));
      return answer;
    } catch (error) {
      return this.#failed(settle, error, bookingId, mayGoOn);
    }
  }

  /**
   * The answer to a request that failed. A refusal is the key's answer for good: it comes before
   * anything is recorded (the checks, or a payment claim refused), or it is the booking's failure.
   * Any other failure leaves the key to its next repeat, which resumes this booking: before the
   * payment claim nothing can be charged, so "try again" is the truth; from the claim on the
   * booking may go on, so the answer says it is being confirmed.
   */
  async #failed(settle: Settle, error: unknown, bookingId: string, mayGoOn: boolean): Promise<BookingAnswer> {
    const { logger } = this.deps;
    const refusal = refusalOf(error);
    if (refusal && refusal.code !== 'SERVICE_UNAVAILABLE') {
      await settle
        .refuse(refusal)
        .catch((keeping: unknown) => logger.error({ err: keeping }, 'could not keep a booking refusal'));
      throw error;
    }
    await settle
      .resume()
      .catch((releasing: unknown) => logger.error({ err: releasing }, 'could not release a booking request'));
    if (mayGoOn) {
      logger.warn({ err: error, bookingId }, 'a booking request failed once its payment was claimed: answered pending');
      return pendingAnswer(bookingId);
    }
    if (isUnreachable(error)) throw new Refusal('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
    throw error;
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
      throw new Refusal('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
    }
  }
}
