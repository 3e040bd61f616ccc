import type { Brand, FlightOffer } from '@contrail/shared';
import type { BookingRequest, Passenger } from '@contrail/shared/booking/index';
import type { Money } from '@contrail/shared/booking/money';
import type { Clock } from '../../clock.js';
import type { BrandDirectory } from '../../brands/brand-directory.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import type { EventContext } from '../../eventstore/metadata.js';
import type { FlightProvider } from '../../flights/provider.js';
import type { Logger } from '../../logging/logger.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { bookingAfter, handleBookingCommands, type LoadedBooking } from '../booking-stream.js';
import { PAYMENT_ALREADY_USED_MESSAGE, PAYMENT_NO_LONGER_VALID_MESSAGE } from '../domain/card-payment.js';
import { Refusal, invalidField } from '../domain/refusals.js';
import { sealPassengers, sentPii } from '../pii/passengers.js';
import type { PassengerPii } from '../pii/sealed.js';
import type { PiiVault } from '../pii/vault.js';
import { sagaStep } from '../saga/steps.js';
import type { AcceptPriceChange } from '../domain/decisions/price-change.js';
import { checkedTravellers, offerOnSale, startBookingOf } from './checkout-offer.js';
import { saveContact } from './contacts.js';
import type { Watch } from './order-wake.js';
import { PaymentClaims, type LoadedPayment } from './payment-claims.js';
import { releaseHold } from './release-hold.js';
import { checkAmount, checkPrice, givenAmount, type CheckedPrice } from './price-check.js';

/** The ports starting a booking uses (BookingDeps has them). */
export interface StarterPorts {
  sql: SqlExecutor;
  eventStore: EventStore;
  flights: FlightProvider;
  brands: BrandDirectory;
  payments: PaymentGateway;
  vault: PiiVault;
  clock: Clock;
  logger: Logger;
}

export interface StartCall {
  brandKey: string;
  userId: string | undefined;
  body: unknown;
  context: EventContext;
}

/**
 * A refusal after which the authorization can never serve a booking, so its hold is released at
 * once: the offer is gone, or its price changed since the card was authorized. (Passenger details
 * that fail validation can be corrected and sent again with the same payment.)
 */
function endsTheHold(error: unknown): boolean {
  if (!(error instanceof Refusal)) return false;
  const paths = ((error.details.errors ?? []) as Array<{ path: string }>).map((problem) => problem.path);
  return error.code === 'OFFER_EXPIRED' || (error.code === 'AMOUNT_MISMATCH' && paths.includes('paymentId'));
}

/** Issue 36: the traveller accepted a new price (recorded when it differs from the one they had seen). */
function priceChangeAccepted(request: BookingRequest, price: Money, at: string): AcceptPriceChange[] {
  if (!request.priceChange) return [];
  const previousTotal = givenAmount(request.priceChange.previousAmount, price.currency);
  return previousTotal.amount === price.amount ? [] : [{ type: 'AcceptPriceChange', data: { previousTotal, at } }];
}

/** What starting a booking left behind, for the answer to use without reading it again. */
export interface StartedBooking {
  /** The booking as its first append left it; undefined when that append had to read it again. */
  booking: LoadedBooking | undefined;
  brand: Brand;
  /**
   * The travellers' data as this request sent it, by key id: its answer shows them without
   * reading their keys again (an erasure before the answer hides nothing from the sender).
   */
  travellers: ReadonlyMap<string, PassengerPii>;
}

/** What the checks found, for `record` to write without asking again. */
export interface CheckedBooking {
  offer: FlightOffer;
  passengers: Passenger[];
  passengerIds: string[];
  seats: CheckedPrice['seats'];
  bags: CheckedPrice['bags'];
  offerPrice: Money;
  pricing: CheckedPrice['pricing'];
  price: Money;
  cardLast4: string;
  payment: LoadedPayment;
  brand: Brand;
}

/**
 * The first half of POST /api/bookings (DESIGN §4): checks everything the client claims against
 * the provider and the payment record, then claims the payment and records the booking. Once that
 * is recorded, the rest is derived from the record (saga/processor.ts queues the order).
 */
export class BookingStarter {
  readonly #claims: PaymentClaims;

  constructor(private readonly deps: StarterPorts) {
    this.#claims = new PaymentClaims(deps.eventStore, deps.clock);
  }

  /**
   * Checks everything the client claims; nothing is written except the release of a hold that a
   * refusal leaves useless. What it answers is what `record` writes.
   */
  async check(call: StartCall, request: BookingRequest, bookingId: string): Promise<CheckedBooking> {
    return this.#check(call, request, bookingId).catch(async (error: unknown) => {
      if (endsTheHold(error)) {
        const reason = `the booking was refused: ${(error as Error).message}`;
        const owner = { brandKey: call.brandKey, offerId: request.offerId, claimedBy: bookingId };
        await releaseHold(this.deps, request.paymentId, reason, call.context, owner);
      }
      throw error;
    });
  }

  /**
   * Claims the payment for this booking (also when it already holds it), then records the booking.
   * From the claim on the booking may go on: a repeat of the request records it when this one could
   * not. `watch` (on the booking's events, set before they can come) ends if this fails.
   */
  async start(
    call: StartCall,
    request: BookingRequest,
    bookingId: string,
    before: LoadedBooking,
    checked: CheckedBooking,
    watch: Watch,
  ): Promise<StartedBooking & { watch: Watch }> {
    try {
      await this.#claim(call, request, bookingId, checked);
      return { ...(await this.#record(call, request, bookingId, before, checked)), watch };
    } catch (error) {
      watch.cancel();
      throw error;
    }
  }

  async #claim(call: StartCall, request: BookingRequest, bookingId: string, checked: CheckedBooking): Promise<void> {
    await this.#claims.claim(request.paymentId, bookingId, call.context, checked.payment);
    sagaStep('payment-claimed');
  }

  /**
   * Records the booking the payment was claimed for; the saga orders it from that record.
   * `before`: the booking as the caller read it (not started yet), or knows it (a booking id it just made up).
   */
  async #record(
    call: StartCall,
    request: BookingRequest,
    bookingId: string,
    before: LoadedBooking,
    checked: CheckedBooking,
  ): Promise<StartedBooking> {
    const { deps } = this;
    const { offer, passengers, passengerIds, seats, bags, price, cardLast4, brand } = checked;
    // Signed out, the booking belongs to nobody yet, even when its email has an account (see BookingAnswers).
    const customerId = call.userId ?? null;
    const at = deps.clock.now().toISOString();
    const sealed = await sealPassengers(deps.vault, bookingId, passengers, passengerIds);
    const handled = await handleBookingCommands(
      deps.eventStore,
      bookingId,
      [
        startBookingOf(offer, {
          bookingId,
          brandKey: call.brandKey,
          customerId,
          price: checked.offerPrice,
          pricing: checked.pricing,
          at,
        }),
        { type: 'ProvidePassengers', data: { passengers: sealed, at } },
        ...(seats.length > 0 ? [{ type: 'SelectSeats' as const, data: { seats, at } }] : []),
        ...(bags.length > 0 ? [{ type: 'SelectBags' as const, data: { bags, at } }] : []),
        ...priceChangeAccepted(request, price, at),
        { type: 'RecordPaymentAuthorization', data: { paymentId: request.paymentId, amount: price, cardLast4, at } },
      ],
      { context: call.context, clock: deps.clock, known: before },
    );
    sagaStep('booking-recorded');
    await saveContact(deps.sql, bookingId, call.brandKey, passengers[0]!.email!);
    return { booking: bookingAfter(before, handled), brand, travellers: sentPii(sealed, passengers) };
  }

  async #check(call: StartCall, request: BookingRequest, bookingId: string): Promise<CheckedBooking> {
    const { deps } = this;
    const now = deps.clock.now();
    const offer = await offerOnSale(deps.flights, request.offerId);
    const brand = await deps.brands.find(call.brandKey);
    if (!brand) throw new Refusal('BRAND_NOT_FOUND', `No brand ${call.brandKey}`);
    const { offerPrice, pricing, seats, bags, price } = await checkPrice(
      deps,
      offer,
      brand,
      request.seats ?? [],
      request.bags ?? [],
    );
    const { passengers, passengerIds } = checkedTravellers(offer, request.passengers, now);
    const { payment, cardLast4 } = await this.#checkPayment(request, call.brandKey, price, bookingId);
    const { amount, currency } = request.paymentDetails;
    checkAmount(givenAmount(amount, currency), price, 'paymentDetails.amount');
    return { offer, passengers, passengerIds, seats, bags, offerPrice, pricing, price, cardLast4, payment, brand };
  }

  /**
   * The card authorization must be process-card's, for this offer, brand and amount, not another
   * booking's, and still held. Answers the payment stream as read, to claim it without reading again.
   */
  async #checkPayment(
    request: BookingRequest,
    brandKey: string,
    price: Money,
    bookingId: string,
  ): Promise<{ payment: LoadedPayment; cardLast4: string }> {
    const loaded = await this.#claims.load(request.paymentId);
    const record = loaded.state;
    if (record.status === 'none' || record.authorization.brandKey !== brandKey)
      throw invalidField('paymentId', 'No card payment with this id was authorized here');
    if (record.authorization.offerId !== request.offerId)
      throw invalidField('paymentId', 'This payment was authorized for another offer');
    if (record.status === 'claimed' && record.bookingId !== bookingId)
      throw new Refusal('PAYMENT_ALREADY_USED', PAYMENT_ALREADY_USED_MESSAGE);
    if (record.status === 'released') throw new Refusal('PAYMENT_NOT_AUTHORIZED', PAYMENT_NO_LONGER_VALID_MESSAGE);
    checkAmount(record.authorization.amount, price, 'paymentId');
    const payment = await this.deps.payments.retrieve(request.paymentId);
    if (payment.status !== 'authorized' || payment.capturable < price.amount)
      throw new Refusal('PAYMENT_NOT_AUTHORIZED', PAYMENT_NO_LONGER_VALID_MESSAGE);
    return { payment: loaded, cardLast4: record.authorization.cardLast4 };
  }
}
