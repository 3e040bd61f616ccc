import type { BookingCommandOf } from '../commands.js';
import type { BookingEvent } from '../events.js';
import { formatMoney, isValidMoney, sameMoney } from '@contrail/shared/booking/money';
import { OFFER_EXPIRED_REFUSAL, refuse } from '../refusals.js';
import { amountDue, type InCheckout } from '../state.js';
import { cardLast4Only, isAfterOrAt, offerStillValid, validMoney } from './checks.js';

/** The checkout: start, offer checks, passengers, seats and the card (seed 001 §4's booking flow). */

export function startBooking(command: BookingCommandOf<'StartBooking'>): BookingEvent[] {
  validMoney(command.data.price, 'The price');
  if (isAfterOrAt(command.data.at, command.data.offerExpiresAt)) refuse('OFFER_EXPIRED', OFFER_EXPIRED_REFUSAL);
  return [{ type: 'BookingStarted', data: command.data }];
}

export function verifyOffer(command: BookingCommandOf<'VerifyOffer'>, state: InCheckout): BookingEvent[] {
  // Once ordered, the offer no longer matters; a late recheck changes nothing.
  if (state.order) return [];
  const { data } = command;
  const { offerId } = state.booking;
  if (data.result !== 'valid') return [{ type: 'OfferExpired', data: { offerId, reason: data.result, at: data.at } }];
  if (isAfterOrAt(data.at, data.expiresAt))
    return [{ type: 'OfferExpired', data: { offerId, reason: 'expired', at: data.at } }];
  validMoney(data.price, 'The price');
  return [{ type: 'OfferVerified', data: { offerId, price: data.price, expiresAt: data.expiresAt, at: data.at } }];
}

export function providePassengers(command: BookingCommandOf<'ProvidePassengers'>, state: InCheckout): BookingEvent[] {
  if (state.payment) refuse('CHECKOUT_CLOSED', 'Passengers cannot change once the payment is authorized');
  const ids = command.data.passengers.map((passenger) => passenger.passengerId);
  if (ids.length === 0) refuse('NO_PASSENGERS', 'At least one passenger is required');
  if (new Set(ids).size !== ids.length) refuse('UNKNOWN_PASSENGER', 'Passenger ids must be unique');
  return [{ type: 'PassengersProvided', data: command.data }];
}

export function selectSeats(command: BookingCommandOf<'SelectSeats'>, state: InCheckout): BookingEvent[] {
  if (state.payment) refuse('CHECKOUT_CLOSED', 'Seats cannot change once the payment is authorized');
  const known = new Set(state.passengers.map((passenger) => passenger.passengerId));
  const { currency } = state.booking.price;
  const places = new Set<string>();
  for (const seat of command.data.seats) {
    if (!known.has(seat.passengerId)) refuse('UNKNOWN_PASSENGER', `No passenger ${seat.passengerId} on this booking`);
    const place = `${seat.passengerId}|${seat.segmentId}`;
    const taken = `${seat.segmentId}|${seat.designator}`;
    if (places.has(place) || places.has(taken))
      refuse('INVALID_SEATS', 'One seat per passenger and segment, each seat once');
    places.add(place).add(taken);
    if (!isValidMoney(seat.price) || seat.price.currency !== currency)
      refuse('INVALID_SEATS', `Seat prices must be in ${currency} minor units`);
  }
  return [{ type: 'SeatsSelected', data: command.data }];
}

export function selectBags(command: BookingCommandOf<'SelectBags'>, state: InCheckout): BookingEvent[] {
  if (state.payment) refuse('CHECKOUT_CLOSED', 'Bags cannot change once the payment is authorized');
  const known = new Set(state.passengers.map((passenger) => passenger.passengerId));
  const { currency } = state.booking.price;
  const services = new Set<string>();
  for (const bag of command.data.bags) {
    const unknown = bag.passengerIds.find((id) => !known.has(id));
    if (unknown) refuse('UNKNOWN_PASSENGER', `No passenger ${unknown} on this booking`);
    if (services.has(bag.serviceId)) refuse('INVALID_BAGS', 'Each bag service once, with its quantity');
    services.add(bag.serviceId);
    if (!Number.isInteger(bag.quantity) || bag.quantity < 1)
      refuse('INVALID_BAGS', 'Bag quantities must be whole and positive');
    if (!isValidMoney(bag.price) || bag.price.currency !== currency)
      refuse('INVALID_BAGS', `Bag prices must be in ${currency} minor units`);
  }
  return [{ type: 'BagsSelected', data: command.data }];
}

export function recordAuthorization(
  command: BookingCommandOf<'RecordPaymentAuthorization'>,
  state: InCheckout,
): BookingEvent[] {
  const { paymentId, amount, cardLast4, at } = command.data;
  if (state.payment?.paymentId === paymentId) return [];
  if (state.payment) refuse('PAYMENT_ALREADY_AUTHORIZED', 'A payment is already authorized for this booking');
  offerStillValid(state, at);
  if (state.passengers.length === 0) refuse('NO_PASSENGERS', 'Passengers are required before payment');
  cardLast4Only(cardLast4);
  const due = amountDue(state);
  if (!sameMoney(amount, due))
    refuse('AMOUNT_MISMATCH', `The payment of ${formatMoney(amount)} does not match the price of ${formatMoney(due)}`);
  return [{ type: 'PaymentAuthorized', data: { paymentId, amount: due, cardLast4, at } }];
}

export function recordDecline(command: BookingCommandOf<'RecordPaymentDecline'>, state: InCheckout): BookingEvent[] {
  if (state.payment) refuse('PAYMENT_ALREADY_AUTHORIZED', 'A payment is already authorized for this booking');
  if (command.data.cardLast4 !== null) cardLast4Only(command.data.cardLast4);
  return [{ type: 'PaymentDeclined', data: command.data }];
}
