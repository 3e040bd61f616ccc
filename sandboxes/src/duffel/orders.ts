import { randomBytes, randomInt } from 'node:crypto';
import type { Offer, Order, OrderService, OrderSlice } from '@duffel/api/types';
import { DuffelApiError, invalid } from './errors.js';
import { readMetadata } from './order-metadata.js';
import { orderSliceOf } from './order-slice.js';
import { record, text } from './request-fields.js';
import type { SeatService } from './seat-maps.js';
import { boughtBag, boughtSeat } from './sold-services.js';

const TITLES = ['mr', 'ms', 'mrs', 'miss', 'dr'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PHONE = /^\+[1-9]\d{6,14}$/;
const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const cents = (amount: string) => Math.round(Number.parseFloat(amount) * 100);
const money = (value: number) => (value / 100).toFixed(2);

function randomText(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

export const newOrderId = () => `ord_${randomText(BASE62, 22)}`;
const bookingReference = () => randomText(ALPHANUMERIC, 6);
const ticketNumber = (owner: string) =>
  `${String(100 + (owner.charCodeAt(0) % 900)).padStart(3, '0')}${String(randomInt(1e9)).padStart(10, '0')}`;

/** Duffel sends null where the client's types say "optional string" (an instant order's payment deadlines). */
const NONE = null as unknown as undefined;

/** An order's payment status once paid: no deadline left. */
export const paidStatus = (paidAt: string): Order['payment_status'] => ({
  awaiting_payment: false,
  payment_required_by: NONE,
  price_guarantee_expires_at: NONE,
  paid_at: paidAt,
});

/** One electronic ticket per passenger of the offer or order, issued by its owner. */
export function eTickets(sold: Pick<Order, 'owner' | 'passengers'> | Offer): Order['documents'] {
  return sold.passengers.map((passenger) => ({
    type: 'electronic_ticket' as const,
    unique_identifier: ticketNumber(sold.owner.iata_code ?? 'XX'),
    passenger_ids: [passenger.id],
  }));
}

interface OrderRequest {
  type: 'instant' | 'hold';
  offerId: string;
  services: Array<{ id: string; quantity: number }>;
  passengers: Array<Record<string, unknown>>;
  payment: { amount: string; currency: string } | undefined;
  metadata: Record<string, string>;
}

/** Reads the shape of `POST air/orders` `data`; the offer-dependent checks come later. */
export function readOrderRequest(body: unknown): OrderRequest {
  const data = record(record(body, 'body').data, 'data');
  const type = data.type === 'pay_later' ? 'hold' : data.type;
  if (type !== 'instant' && type !== 'hold') throw invalid('type', "Field 'type' must be instant or hold");
  if (
    !Array.isArray(data.selected_offers) ||
    data.selected_offers.length !== 1 ||
    typeof data.selected_offers[0] !== 'string'
  ) {
    throw invalid('selected_offers', "Field 'selected_offers' must hold exactly one offer id");
  }
  const services = (data.services ?? []) as unknown;
  if (!Array.isArray(services)) throw invalid('services', "Field 'services' must be a list");
  const readServices = services.map((raw, i) => {
    const service = record(raw, `services[${i}]`);
    if (typeof service.id !== 'string' || !Number.isInteger(service.quantity) || (service.quantity as number) < 1) {
      throw invalid(`services[${i}]`, 'A service needs an id and a quantity of 1 or more');
    }
    return { id: service.id, quantity: service.quantity as number };
  });
  if (!Array.isArray(data.passengers) || data.passengers.length === 0)
    throw invalid('passengers', "Field 'passengers' can't be blank", 'validation_required');
  const payments = (data.payments ?? []) as unknown;
  if (!Array.isArray(payments)) throw invalid('payments', "Field 'payments' must be a list");
  if (type === 'instant' && payments.length !== 1)
    throw invalid('payments', 'An instant order needs exactly one payment');
  if (type === 'hold' && payments.length > 0) throw invalid('payments', 'A hold order takes no payment');
  const payment = payments[0] === undefined ? undefined : record(payments[0], 'payments[0]');
  if (payment && payment.type !== 'balance') throw invalid('payments[0].type', "Only 'balance' payments are accepted");
  return {
    type,
    offerId: data.selected_offers[0],
    services: readServices,
    passengers: data.passengers.map((raw, i) => record(raw, `passengers[${i}]`)),
    payment: payment && {
      amount: text(payment.amount, 'payments[0].amount'),
      currency: text(payment.currency, 'payments[0].currency'),
    },
    metadata: data.metadata === undefined || data.metadata === null ? {} : readMetadata(data.metadata, 'metadata'),
  };
}

function checkPassengers(request: OrderRequest, offer: Offer): void {
  const byId = new Map(request.passengers.map((passenger) => [passenger.id, passenger]));
  if (byId.size !== offer.passengers.length || offer.passengers.some((passenger) => !byId.has(passenger.id))) {
    throw invalid('passengers', "The passengers must be exactly the offer's passengers, by id");
  }
  const lastDeparture = offer.slices.at(-1)?.segments.at(-1)?.departing_at.slice(0, 10) ?? '';
  const infantsHeld = new Set<string>();
  request.passengers.forEach((passenger, i) => {
    const at = (field: string) => `passengers[${i}].${field}`;
    if (!TITLES.includes(passenger.title as string))
      throw invalid(at('title'), `Field '${at('title')}' must be one of ${TITLES.join(', ')}`);
    if (passenger.gender !== 'm' && passenger.gender !== 'f')
      throw invalid(at('gender'), `Field '${at('gender')}' must be m or f`);
    text(passenger.given_name, at('given_name'));
    text(passenger.family_name, at('family_name'));
    if (typeof passenger.born_on !== 'string' || !DATE.test(passenger.born_on))
      throw invalid(at('born_on'), `Field '${at('born_on')}' must be a date`);
    if (typeof passenger.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(passenger.email))
      throw invalid(at('email'), `Field '${at('email')}' must be an email address`);
    if (typeof passenger.phone_number !== 'string' || !PHONE.test(passenger.phone_number)) {
      throw invalid(
        at('phone_number'),
        `Field '${at('phone_number')}' must be a phone number in E.164 format, like +442080160509`,
      );
    }
    if (typeof passenger.infant_passenger_id === 'string') infantsHeld.add(passenger.infant_passenger_id);
    if (offer.passenger_identity_documents_required)
      checkPassport(passenger.identity_documents, at('identity_documents'), lastDeparture);
  });
  for (const infant of offer.passengers.filter((passenger) => passenger.type === 'infant_without_seat')) {
    if (!infantsHeld.has(infant.id))
      throw invalid('passengers', `Infant ${infant.id} must be linked to an adult with infant_passenger_id`);
  }
}

function checkPassport(value: unknown, field: string, lastDeparture: string): void {
  const document = Array.isArray(value) ? (value[0] as Record<string, unknown> | undefined) : undefined;
  if (!document || document.type !== 'passport')
    throw invalid(field, 'A passport is required on this itinerary', 'validation_required');
  text(document.unique_identifier, `${field}[0].unique_identifier`);
  if (typeof document.issuing_country_code !== 'string' || !/^[A-Z]{2}$/.test(document.issuing_country_code)) {
    throw invalid(`${field}[0].issuing_country_code`, 'The issuing country must be a 2-letter country code');
  }
  if (
    typeof document.expires_on !== 'string' ||
    !DATE.test(document.expires_on) ||
    document.expires_on <= lastDeparture
  ) {
    throw invalid(`${field}[0].expires_on`, 'The passport must be valid beyond the last departure');
  }
}

interface PricedServices {
  services: OrderService[];
  totalCents: number;
  seats: Map<string, SeatService>;
}

function priceServices(request: OrderRequest, offer: Offer, seatServices: SeatService[]): PricedServices {
  const seatsById = new Map(seatServices.map((seat) => [seat.id, seat]));
  const takenSeats = new Set<string>();
  const seatPerPassengerSegment = new Set<string>();
  const seats = new Map<string, SeatService>();
  let totalCents = 0;
  const services = request.services.map((chosen, i): OrderService => {
    const bag = offer.available_services.find((service) => service.id === chosen.id);
    if (bag) {
      if (chosen.quantity > bag.maximum_quantity)
        throw invalid(`services[${i}].quantity`, `At most ${bag.maximum_quantity} of this service`);
      totalCents += cents(bag.total_amount) * chosen.quantity;
      return boughtBag(bag, chosen.quantity);
    }
    const seat = seatsById.get(chosen.id);
    if (!seat) throw invalid(`services[${i}].id`, `Service ${chosen.id} is not available on this offer`);
    const seatKey = `${seat.segmentId}:${seat.designator}`;
    const passengerKey = `${seat.segmentId}:${seat.passengerId}`;
    if (chosen.quantity !== 1 || takenSeats.has(seatKey) || seatPerPassengerSegment.has(passengerKey)) {
      throw invalid(`services[${i}].id`, 'One seat per passenger per flight, and one passenger per seat');
    }
    takenSeats.add(seatKey);
    seatPerPassengerSegment.add(passengerKey);
    seats.set(passengerKey, seat);
    totalCents += cents(seat.totalAmount);
    return boughtSeat(seat);
  });
  return { services, totalCents, seats };
}

/**
 * How an order was booked: Duffel's orders answer `type` (`instant` or `hold`), which the Order type
 * of `@duffel/api` lacks (see TYPE_GAPS in test-support/duffel-answers.ts).
 */
export type OrderType = 'instant' | 'hold';
export type TypedOrder = Order & { type: OrderType };

/** An order's type; undefined for orders stored before the sandbox answered it. */
export const orderTypeOf = (order: Order): OrderType | undefined => (order as Partial<TypedOrder>).type;

/** The order for a valid request on a bookable offer; throws Duffel's errors otherwise. */
export function buildOrder(
  request: OrderRequest,
  offer: Offer,
  originalTotal: string,
  seatServices: SeatService[],
  now: Date,
): Order {
  if (request.type === 'hold' && offer.payment_requirements.requires_instant_payment) {
    throw new DuffelApiError(
      422,
      'invalid_state_error',
      'unsupported_order_type',
      'Hold not available',
      'This offer must be paid for instantly',
    );
  }
  checkPassengers(request, offer);
  const priced = priceServices(request, offer, seatServices);
  const totalCents = cents(offer.total_amount) + priced.totalCents;
  if (request.payment) {
    if (request.payment.currency !== offer.total_currency)
      throw invalid('payments[0].currency', `The payment currency must be ${offer.total_currency}`);
    if (cents(request.payment.amount) !== totalCents) {
      if (offer.total_amount !== originalTotal) {
        throw new DuffelApiError(
          422,
          'invalid_state_error',
          'price_changed',
          'Price changed',
          `The price of this offer has changed to ${offer.total_amount} ${offer.total_currency}`,
        );
      }
      throw invalid(
        'payments[0].amount',
        `The payment amount must be ${money(totalCents)}, the offer total plus services`,
      );
    }
  }
  const created = now.toISOString();
  const hold = request.type === 'hold';
  const slices: OrderSlice[] = offer.slices.map((slice) =>
    orderSliceOf(slice, (passenger, segment) => {
      const seat = priced.seats.get(`${segment.id}:${passenger.passenger_id}`);
      return {
        passenger_id: passenger.passenger_id,
        cabin_class: passenger.cabin_class,
        cabin_class_marketing_name: passenger.cabin_class_marketing_name,
        baggages: passenger.baggages,
        ...(seat && { seat: { designator: seat.designator, disclosures: [], name: null } }),
      };
    }),
  );
  const order: Order = {
    id: newOrderId(),
    live_mode: false,
    created_at: created,
    synced_at: created,
    booking_reference: bookingReference(),
    content: 'managed',
    owner: offer.owner,
    slices,
    services: priced.services,
    passengers: request.passengers.map((passenger) => ({
      id: passenger.id as string,
      type: offer.passengers.find((p) => p.id === passenger.id)?.type ?? 'adult',
      title: passenger.title as Order['passengers'][number]['title'],
      gender: passenger.gender as Order['passengers'][number]['gender'],
      given_name: passenger.given_name as string,
      family_name: passenger.family_name as string,
      born_on: passenger.born_on as string,
      email: passenger.email as string,
      phone_number: passenger.phone_number as string,
      infant_passenger_id: (passenger.infant_passenger_id as string | undefined) ?? null,
    })),
    documents: hold ? [] : eTickets(offer),
    payment_status: hold
      ? {
          awaiting_payment: true,
          payment_required_by: offer.payment_requirements.payment_required_by ?? NONE,
          price_guarantee_expires_at: offer.payment_requirements.price_guarantee_expires_at ?? NONE,
          paid_at: null,
        }
      : paidStatus(created),
    conditions: offer.conditions,
    total_amount: money(totalCents),
    total_currency: offer.total_currency,
    base_amount: offer.base_amount,
    base_currency: offer.base_currency,
    tax_amount: offer.tax_amount ?? undefined,
    tax_currency: offer.tax_currency ?? offer.total_currency,
    metadata: request.metadata,
    airline_initiated_changes: [],
    available_actions: ['cancel', 'change', 'update'],
    cancelled_at: null,
    cancellation: null,
  };
  const type: OrderType = hold ? 'hold' : 'instant';
  const typed: TypedOrder = { ...order, type };
  return typed;
}
