import { randomBytes } from 'node:crypto';
import type { Offer, Order, OrderChange, OrderChangeOffer, OrderSlice } from '@duffel/api/types';
import { DuffelApiError, invalid } from './errors.js';
import { orderSliceOf } from './order-slice.js';
import { eTickets } from './orders.js';
import { record, text } from './request-fields.js';
import type { SandboxSearch } from './request-codec.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** How long a change offer (and the pending change made from it) may be confirmed. */
export const CHANGE_OFFER_LIFETIME_MS = 30 * 60_000;
/** How many of the airline's own offers a change request answers, cheapest first. */
const CHANGE_OFFERS = 5;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const cents = (amount: string | null | undefined) => Math.round(Number.parseFloat(amount ?? '0') * 100);
const money = (value: number) => (value / 100).toFixed(2);
const newId = (prefix: string) =>
  `${prefix}_${Array.from(randomBytes(22), (byte) => BASE62[byte % BASE62.length]).join('')}`;

export interface ChangeRequestInput {
  orderId: string;
  remove: string[];
  add: Array<{ origin: string; destination: string; departureDate: string }>;
}

/**
 * Duffel's order change offer as its API answers it: the client's type names the penalty
 * `penalty_amount`, the API `penalty_total_amount`; both are sent.
 */
export type SandboxChangeOffer = OrderChangeOffer & {
  penalty_total_amount: string;
  penalty_total_currency: string;
  live_mode: boolean;
};

/** What the sandbox keeps of a change offer: the offer answered, and the search offer it books. */
export interface StoredChangeOffer {
  offer: SandboxChangeOffer;
  orderId: string;
  requestId: string;
  sourceOffer: Offer;
}

/** Reads `POST air/order_change_requests` `data`: `{ order_id, slices: { remove: [{ slice_id }], add: [...] } }`. */
export function readChangeRequest(body: unknown): ChangeRequestInput {
  const data = record(record(body, 'body').data, 'data');
  const orderId = text(data.order_id, 'order_id');
  const slices = record(data.slices, 'slices');
  if (!Array.isArray(slices.remove) || slices.remove.length === 0)
    throw invalid('slices.remove', "Field 'slices.remove' must list the slices to remove", 'validation_required');
  if (!Array.isArray(slices.add) || slices.add.length === 0)
    throw invalid('slices.add', "Field 'slices.add' must list the slices to add", 'validation_required');
  const remove = slices.remove.map((raw, i) =>
    text(record(raw, `slices.remove[${i}]`).slice_id, `slices.remove[${i}].slice_id`),
  );
  const add = slices.add.map((raw, i) => {
    const slice = record(raw, `slices.add[${i}]`);
    const field = (name: string) => `slices.add[${i}].${name}`;
    const departureDate = text(slice.departure_date, field('departure_date'));
    if (!DATE.test(departureDate))
      throw invalid(field('departure_date'), `Field '${field('departure_date')}' must be a date`);
    const iata = (name: string) => {
      const code = text(slice[name], field(name));
      if (!/^[A-Z]{3}$/.test(code)) throw invalid(field(name), `Field '${field(name)}' must be an IATA code`);
      return code;
    };
    return { origin: iata('origin'), destination: iata('destination'), departureDate };
  });
  return { orderId, remove, add };
}

function refuse(code: string, title: string, message: string): never {
  throw new DuffelApiError(422, 'invalid_state_error', code, title, message);
}

/** The order may be changed: not cancelled, paid, its fare allows changes, the slices to remove are its own. */
export function checkChangeable(order: Order, input: ChangeRequestInput): void {
  if (order.cancelled_at) refuse('already_cancelled', 'Order cancelled', 'This order has been cancelled');
  if (order.payment_status.awaiting_payment)
    refuse('order_awaiting_payment', 'Awaiting payment', 'Pay for this order before changing it');
  if (order.conditions.change_before_departure?.allowed !== true)
    refuse('order_change_not_allowed', 'Change not allowed', "This order's fare does not allow changes");
  input.remove.forEach((sliceId, i) => {
    if (!order.slices.some((slice) => slice.id === sliceId))
      throw invalid(`slices.remove[${i}].slice_id`, `Slice ${sliceId} is not part of order ${order.id}`);
  });
}

const PASSENGER_AGES = { child: 8, infant_without_seat: 1 } as const;

/** The search a change request makes for the slices it adds: the order's passengers and cabin. */
export function changeSearch(order: Order, input: ChangeRequestInput, now: Date): SandboxSearch {
  const cabin = order.slices[0]?.segments[0]?.passengers[0]?.cabin_class ?? 'economy';
  return {
    createdAtMs: Math.floor(now.getTime() / 1000) * 1000,
    nonce: randomBytes(4).toString('hex'),
    cabin,
    maxConnections: 1,
    passengers: order.passengers.map((passenger) =>
      passenger.type === 'child' || passenger.type === 'infant_without_seat' ? PASSENGER_AGES[passenger.type] : 'adult',
    ),
    slices: input.add,
  };
}

/** What the order's flights cost, without its services. */
const flightsCents = (order: Order) =>
  cents(order.total_amount) - order.services.reduce((sum, service) => sum + cents(service.total_amount), 0);

/** A new slice as the order will carry it: the search offer's, its passengers the order's (by position). */
function newOrderSlice(slice: Offer['slices'][number], offer: Offer, order: Order): OrderSlice {
  const passengerId = (id: string) => order.passengers[offer.passengers.findIndex((p) => p.id === id)]?.id ?? id;
  return orderSliceOf(slice, (passenger) => ({
    passenger_id: passengerId(passenger.passenger_id),
    cabin_class: passenger.cabin_class,
    cabin_class_marketing_name: passenger.cabin_class_marketing_name,
    baggages: passenger.baggages,
  }));
}

/**
 * Change offers from the airline's own offers for the new slices, cheapest first: the fare
 * difference (never negative: a cheaper fare is not refunded) plus the fare's change penalty.
 */
export function changeOffersFor(
  order: Order,
  input: ChangeRequestInput,
  offers: Offer[],
  requestId: string,
  now: Date,
): StoredChangeOffer[] {
  const penalty = cents(order.conditions.change_before_departure?.penalty_amount);
  const removed = order.slices.filter((slice) => input.remove.includes(slice.id));
  const removedCents = Math.round((flightsCents(order) * removed.length) / Math.max(1, order.slices.length));
  const created = now.toISOString();
  const expires = new Date(now.getTime() + CHANGE_OFFER_LIFETIME_MS).toISOString();
  return (
    offers
      .filter(
        (offer) => offer.owner.iata_code === order.owner.iata_code && offer.total_currency === order.total_currency,
      )
      .sort((a, b) => cents(a.total_amount) - cents(b.total_amount))
      // One offer per set of flights (the cheapest fare brand), as a change offers the flights, not the brands.
      .filter((offer, i, sorted) => sorted.findIndex((other) => flightsKey(other) === flightsKey(offer)) === i)
      .slice(0, CHANGE_OFFERS)
      .map((offer) => {
        const difference = Math.max(0, cents(offer.total_amount) - removedCents);
        const currency = order.total_currency;
        const changeOffer: SandboxChangeOffer = {
          id: newId('oco'),
          live_mode: false,
          created_at: created,
          updated_at: created,
          expires_at: expires,
          change_total_amount: money(difference + penalty),
          change_total_currency: currency,
          new_total_amount: money(cents(order.total_amount) + difference),
          new_total_currency: currency,
          penalty_amount: money(penalty),
          penalty_currency: currency,
          penalty_total_amount: money(penalty),
          penalty_total_currency: currency,
          refund_to: 'original_form_of_payment',
          order_change_id: null as unknown as string,
          slices: {
            add: offer.slices.map((slice) => newOrderSlice(slice, offer, order)) as never,
            remove: removed as never,
          },
        };
        return { offer: changeOffer, orderId: order.id, requestId, sourceOffer: offer };
      })
  );
}

const flightsKey = (offer: Offer) =>
  offer.slices
    .flatMap((slice) =>
      slice.segments.map((segment) => `${segment.marketing_carrier_flight_number}@${segment.departing_at}`),
    )
    .join('|');

/** Duffel's order change as its API answers it (with `penalty_total_*`, as the client types it). */
export type SandboxOrderChange = OrderChange;

export function pendingChange(stored: StoredChangeOffer, now: Date): SandboxOrderChange {
  const { offer } = stored;
  if (Date.parse(offer.expires_at) <= now.getTime())
    refuse('order_change_offer_expired', 'Offer expired', 'This order change offer has expired: request a new one');
  if (offer.order_change_id)
    refuse(
      'order_change_already_created',
      'Already created',
      `Order change ${offer.order_change_id} was made from this offer`,
    );
  return {
    id: newId('oce'),
    live_mode: false,
    order_id: stored.orderId,
    created_at: now.toISOString(),
    expires_at: offer.expires_at,
    confirmed_at: null,
    change_total_amount: offer.change_total_amount!,
    change_total_currency: offer.change_total_currency!,
    new_total_amount: offer.new_total_amount!,
    new_total_currency: offer.new_total_currency,
    penalty_total_amount: offer.penalty_total_amount,
    penalty_total_currency: offer.penalty_total_currency,
    refund_to: 'original_form_of_payment',
    slices: offer.slices,
    available_payment_types: ['balance'],
  };
}

/** Reads `POST air/order_changes/:id/actions/confirm` `data` (none when nothing is to pay). */
export function readChangePayment(body: unknown): { amount: string; currency: string } | undefined {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (data === undefined || data === null) return undefined;
  const payment = record(data, 'data').payment;
  if (payment === undefined || payment === null) return undefined;
  const read = record(payment, 'payment');
  if (read.type !== 'balance') throw invalid('payment.type', "Only 'balance' payments are accepted");
  return { amount: text(read.amount, 'payment.amount'), currency: text(read.currency, 'payment.currency') };
}

/**
 * A pending change confirmed: paid exactly its change total (Duffel's `price_changed` otherwise),
 * before it expires. Answers the change and the order with its slices replaced and tickets reissued.
 */
export function confirmChange(
  change: SandboxOrderChange,
  order: Order,
  payment: { amount: string; currency: string } | undefined,
  now: Date,
): { change: SandboxOrderChange; order: Order } {
  if (change.confirmed_at)
    refuse('already_confirmed', 'Already confirmed', 'This order change has already been confirmed');
  if (Date.parse(change.expires_at) <= now.getTime())
    refuse('order_change_expired', 'Change expired', 'This order change has expired: request a new one');
  if (order.cancelled_at) refuse('already_cancelled', 'Order cancelled', 'This order has been cancelled');
  const due = cents(change.change_total_amount);
  const paid = payment ? cents(payment.amount) : 0;
  if (paid !== due || (payment && payment.currency !== change.change_total_currency)) {
    refuse(
      'price_changed',
      'Price changed',
      `The change total is ${change.change_total_amount} ${change.change_total_currency}: pay that amount`,
    );
  }
  const removed = new Set(change.slices.remove.map((slice) => slice.id));
  const slices = [
    ...order.slices.filter((slice) => !removed.has(slice.id)),
    ...(change.slices.add as unknown as OrderSlice[]),
  ].sort((a, b) => (a.segments[0]?.departing_at ?? '').localeCompare(b.segments[0]?.departing_at ?? ''));
  const confirmedAt = now.toISOString();
  const penalty = cents(change.penalty_total_amount);
  return {
    change: { ...change, confirmed_at: confirmedAt },
    order: {
      ...order,
      slices,
      total_amount: money(cents(order.total_amount) + due - penalty),
      documents: eTickets(order),
      synced_at: confirmedAt,
    },
  };
}
