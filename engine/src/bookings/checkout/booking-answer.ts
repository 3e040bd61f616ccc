import { OFFER_EXPIRED_MESSAGE } from '@contrail/shared';
import { PRICE_CHANGED_MESSAGE } from '@contrail/shared/booking/failure';
import { fromMinorUnits } from '@contrail/shared/booking/money';
import { bookingResponseSchema, type BookingRequest, type BookingResponse } from '@contrail/shared/booking/index';
import type { Accounts } from '../../accounts/accounts.js';
import type { SignedInUser } from '../../accounts/session.js';
import type { BrandDirectory } from '../../brands/brand-directory.js';
import type { Clock } from '../../clock.js';
import type { Mailer } from '../../email/mailer.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import type { Logger } from '../../logging/logger.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { UserStore, type User } from '../../accounts/users.js';
import type { EventContext } from '../../eventstore/metadata.js';
import {
  bookingAfter,
  bookingFollowedBy,
  handleBookingCommands,
  loadBooking,
  type LoadedBooking,
} from '../booking-stream.js';
import type { BookingState } from '../domain/state.js';
import { Refusal } from '../domain/refusals.js';
import { confirmationEmail } from '../email/confirmation-email.js';
import { presentFromStream, presentLoaded } from '../read-model/present.js';
import { tellOwnerOfGuestBooking } from '../email/guest-booking-notice.js';
import type { PiiVault } from '../pii/vault.js';
import { createAccountFor, type CreatedAccount } from './account-for-booking.js';
import { OrderWake, type Watch } from './order-wake.js';
import type { StoredRequest } from './request-ledger.js';
import type { StartedBooking } from './start-booking.js';

/** The ports answering a booking request uses (BookingDeps has them). */
export interface AnswerPorts {
  sql: SqlExecutor;
  eventStore: EventStore;
  brands: BrandDirectory;
  accounts: Accounts;
  mailer: Mailer;
  vault: PiiVault;
  clock: Clock;
  logger: Logger;
  /** How long the answer waits for the order before saying it is still pending. */
  orderWaitMs: number;
}

export interface BookingAnswer {
  status: number;
  body: BookingResponse;
  /** A new account to sign in on this request (a signed-out traveller with a new email). */
  signIn?: User;
}

interface AnswerCall {
  brandKey: string;
  user: SignedInUser | undefined;
  correlationId: string;
  context: EventContext;
}

/** A booking this request has just started: it is not read again, but followed by its new events. */
export interface JustStarted extends StartedBooking {
  /** Set before the booking was recorded, so none of its events comes unseen. */
  watch: Watch;
}

/** The booking may go on (or is going on) without this request: a repeat of it sees the outcome. */
export function pendingAnswer(bookingId: string): BookingAnswer {
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

/** What the traveller is told of a checkout that failed: the failure code it recorded. */
function failureRefusal(state: Extract<BookingState, { phase: 'failed' }>, bookingId: string): Refusal {
  const code = state.failureCode ?? (state.offerExpired ? 'OFFER_EXPIRED' : 'BOOKING_FAILED');
  if (code === 'PRICE_CHANGED') {
    const { newPrice } = state;
    return new Refusal('PRICE_CHANGED', PRICE_CHANGED_MESSAGE, {
      bookingId,
      ...(newPrice && {
        newPrice: { amount: fromMinorUnits(newPrice.amount, newPrice.currency), currency: newPrice.currency },
      }),
    });
  }
  if (code === 'OFFER_EXPIRED') return new Refusal('OFFER_EXPIRED', OFFER_EXPIRED_MESSAGE, { bookingId });
  return new Refusal(
    'BOOKING_FAILED',
    `The airline could not confirm this booking (${state.failure}). You have not been charged.`,
    { bookingId },
  );
}

/** What repeats of the key get: nothing personal and no password, so erasure leaves nothing there. */
export function keptAnswer({ id, duffelBookingId, reference, status, accountCreated }: BookingResponse): object {
  return { id, duffelBookingId, reference, status, accountCreated };
}

/** The booking is read again this often while none of its events comes (a slow fallback). */
const FALLBACK_POLL_MS = 1_000;

/** The second half of POST /api/bookings: waits (bounded) for the saga's outcome and answers it. */
export class BookingAnswers {
  readonly #users: UserStore;
  readonly #wake: OrderWake;

  constructor(private readonly deps: AnswerPorts) {
    this.#users = new UserStore(deps.sql);
    this.#wake = new OrderWake(deps.eventStore, deps.logger);
  }

  /** A watch on the booking's events, to set before the booking is recorded or read (see JustStarted). */
  async watch(bookingId: string): Promise<Watch> {
    await this.#wake.ready();
    return this.#wake.watch(bookingId);
  }

  /** The booking's outcome once it left checkout (a 201, or its failure thrown), or 202 while it is pending. */
  async conclude(
    call: AnswerCall,
    request: BookingRequest,
    bookingId: string,
    started?: JustStarted,
  ): Promise<BookingAnswer> {
    const booking = await this.#outcome(bookingId, started);
    const { state } = booking;
    if (state.phase === 'started' || state.phase === 'none') return pendingAnswer(bookingId);
    if (state.phase === 'failed') throw failureRefusal(state, bookingId);
    return this.#confirmed(call, request, booking, state.booking, started);
  }

  /**
   * The booking once it left checkout (or the wait ended), followed by its events as they are
   * recorded, without reading it again; read when an event was missed or none came for a while.
   */
  async #outcome(bookingId: string, started: JustStarted | undefined): Promise<LoadedBooking> {
    const deadline = Date.now() + this.deps.orderWaitMs;
    const watch = started?.watch ?? (await this.watch(bookingId));
    try {
      let booking = started?.booking ?? (await loadBooking(this.deps.eventStore, bookingId));
      while (booking.state.phase === 'started' && Date.now() < deadline) {
        const events = await watch.next(Math.max(0, Math.min(FALLBACK_POLL_MS, deadline - Date.now())));
        booking =
          (events && bookingFollowedBy(booking, events)) ?? (await loadBooking(this.deps.eventStore, bookingId));
      }
      return booking;
    } finally {
      watch.cancel();
    }
  }

  async #confirmed(
    call: AnswerCall,
    request: BookingRequest,
    booking: LoadedBooking,
    { bookingId, customerId }: { bookingId: string; customerId: string | null },
    started: StartedBooking | undefined,
  ): Promise<BookingAnswer> {
    const { deps } = this;
    const answered = customerId ? { after: booking } : await this.#accountFor(call, request, bookingId, booking);
    const { created, guestOf } = answered;
    const presented = (
      answered.after
        ? await presentLoaded(deps, answered.after, started?.travellers)
        : await presentFromStream(deps, bookingId)
    )!;
    const brand = started?.brand ?? (await deps.brands.find(call.brandKey));
    if (guestOf) {
      await tellOwnerOfGuestBooking(deps, {
        bookingId,
        brandKey: call.brandKey,
        brandName: brand?.name ?? 'Contrail',
        reference: presented.view.reference ?? bookingId,
        to: guestOf.email,
      }).catch((error: unknown) =>
        deps.logger.warn({ err: error, bookingId }, 'could not tell the owner of a guest booking'),
      );
    }
    const body = {
      id: bookingId,
      duffelBookingId: presented.row.providerReference ?? '',
      reference: presented.view.reference,
      status: presented.view.status,
      accountCreated: created !== undefined,
      ...(created && {
        accountInfo: { username: created.user.username, password: created.password, email: created.user.email },
      }),
      emailContent: confirmationEmail(presented.view, brand?.name ?? 'Contrail', 'confirmed').text,
    };
    return { status: 201, body, ...(created && { signIn: created.user }) };
  }

  /**
   * A signed-out traveller's booking gets a new account for its email (password shown once). When
   * the email has an account already, the booking stays a guest booking: the owner is told by email
   * and adds it to My Trips from a signed-in session, so a typo never hands a stranger the trip.
   */
  async #accountFor(
    call: AnswerCall,
    request: BookingRequest,
    bookingId: string,
    booking: LoadedBooking,
  ): Promise<{ created?: CreatedAccount; guestOf?: User; after: LoadedBooking | undefined }> {
    const primary = request.passengers[0]!;
    const email = primary.email!.trim();
    const created = await createAccountFor(this.deps.accounts, call.brandKey, {
      email,
      firstName: primary.firstName,
      lastName: primary.lastName,
    });
    if (created) {
      const handled = await handleBookingCommands(
        this.deps.eventStore,
        bookingId,
        { type: 'AttachCustomer', data: { customerId: created.user.id, at: this.deps.clock.now().toISOString() } },
        {
          context: { ...call.context, actor: created.user.id },
          clock: this.deps.clock,
          retriesOnConflict: 5,
          known: booking,
        },
      );
      return { created, after: bookingAfter(booking, handled) };
    }
    const owner = await this.#users.findByEmail(call.brandKey, email);
    return owner ? { guestOf: owner, after: booking } : { after: booking };
  }

  /**
   * A repeat of a finished request: the kept answer, with the confirmation text made again from the
   * booking as it now reads (erased travellers show as erased). The password was shown once and is
   * not kept, so a repeat never carries account details.
   */
  async replay(stored: StoredRequest, brandKey: string): Promise<BookingAnswer> {
    // The ledger keeps what #confirmed answered (keptAnswer): the same contract, read back.
    const body: BookingResponse = bookingResponseSchema.parse(stored.response ?? {});
    const presented = body.status === undefined ? undefined : await presentFromStream(this.deps, stored.bookingId!);
    if (presented) {
      const brand = await this.deps.brands.find(brandKey);
      body.emailContent = confirmationEmail(presented.view, brand?.name ?? 'Contrail', 'confirmed').text;
    }
    return { status: stored.status ?? 200, body };
  }
}
