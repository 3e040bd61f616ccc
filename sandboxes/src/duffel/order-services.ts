import type { Offer, OfferAvailableServiceBaggage, Order, OrderService } from '@duffel/api/types';
import { DuffelApiError, invalid } from './errors.js';
import { record, text } from './request-fields.js';
import type { SeatService } from './seat-maps.js';
import { boughtBag, boughtSeat } from './sold-services.js';

const cents = (amount: string) => Math.round(Number.parseFloat(amount) * 100);
const money = (value: number) => (value / 100).toFixed(2);

function refuse(code: string, title: string, message: string): never {
  throw new DuffelApiError(422, 'invalid_state_error', code, title, message);
}

/** Bought so far of a bag service: same kind, passengers and flights. */
function boughtOf(order: Order, service: OfferAvailableServiceBaggage): number {
  return order.services
    .filter(
      (bought) =>
        bought.type === 'baggage' &&
        (bought.metadata as { type?: string }).type === service.metadata.type &&
        bought.passenger_ids.join() === service.passenger_ids.join() &&
        bought.segment_ids.join() === service.segment_ids.join(),
    )
    .reduce((sum, bought) => sum + bought.quantity, 0);
}

/**
 * The bags an order may still add (`GET air/orders/:id/available_services`): the bag services of
 * the offer its flights were sold from, for the order's passengers and flights, less what it
 * already has. None once cancelled or while unpaid.
 */
export function orderAvailableServices(order: Order, offer: Offer): OfferAvailableServiceBaggage[] {
  if (order.cancelled_at || order.payment_status.awaiting_payment) return [];
  const passengerIds = new Map(offer.passengers.map((passenger, i) => [passenger.id, order.passengers[i]?.id]));
  const segments = new Set(order.slices.flatMap((slice) => slice.segments.map((segment) => segment.id)));
  return offer.available_services
    .filter((service): service is OfferAvailableServiceBaggage => service.type === 'baggage')
    .filter((service) => service.segment_ids.every((id) => segments.has(id)))
    .map((service) => ({
      ...service,
      passenger_ids: service.passenger_ids.map((id) => passengerIds.get(id) ?? id),
    }))
    .map((service) => ({ ...service, maximum_quantity: service.maximum_quantity - boughtOf(order, service) }))
    .filter((service) => service.maximum_quantity > 0);
}

export interface AddServicesRequest {
  services: Array<{ id: string; quantity: number }>;
  payment: { amount: string; currency: string };
}

/** Reads `POST air/orders/:id/services` `data`: `{ add_services: [{ id, quantity }], payment: { type, amount, currency } }`. */
export function readAddServices(body: unknown): AddServicesRequest {
  const data = record(record(body, 'body').data, 'data');
  if (!Array.isArray(data.add_services) || data.add_services.length === 0)
    throw invalid('add_services', "Field 'add_services' can't be blank", 'validation_required');
  const services = data.add_services.map((raw, i) => {
    const service = record(raw, `add_services[${i}]`);
    if (typeof service.id !== 'string' || !Number.isInteger(service.quantity) || (service.quantity as number) < 1)
      throw invalid(`add_services[${i}]`, 'A service needs an id and a quantity of 1 or more');
    return { id: service.id, quantity: service.quantity as number };
  });
  const payment = record(data.payment, 'payment');
  if (payment.type !== 'balance') throw invalid('payment.type', "Only 'balance' payments are accepted");
  return {
    services,
    payment: { amount: text(payment.amount, 'payment.amount'), currency: text(payment.currency, 'payment.currency') },
  };
}

/** A seat service of the order's seat maps as the order holds it; one seat per passenger and flight. */
function seatService(seat: SeatService, quantity: number, i: number, taken: Set<string>): OrderService {
  const seatKey = `${seat.segmentId}:${seat.designator}`;
  const passengerKey = `${seat.segmentId}:${seat.passengerId}`;
  if (quantity !== 1 || taken.has(seatKey) || taken.has(passengerKey))
    throw invalid(`add_services[${i}].id`, 'One seat per passenger per flight, and one passenger per seat');
  taken.add(seatKey);
  taken.add(passengerKey);
  return boughtSeat(seat);
}

/**
 * The order with the services added (bags of its available services, seats of its seat maps),
 * paid exactly their total (Duffel's `price_changed` otherwise).
 */
export function addServices(
  order: Order,
  available: OfferAvailableServiceBaggage[],
  request: AddServicesRequest,
  seats: SeatService[] = [],
): Order {
  if (order.cancelled_at) refuse('already_cancelled', 'Order cancelled', 'This order has been cancelled');
  let totalCents = 0;
  const taken = new Set<string>();
  const added = request.services.map((chosen, i): OrderService => {
    const seat = seats.find((one) => one.id === chosen.id);
    if (seat) {
      totalCents += cents(seat.totalAmount);
      return seatService(seat, chosen.quantity, i, taken);
    }
    const service = available.find((one) => one.id === chosen.id);
    if (!service) throw invalid(`add_services[${i}].id`, `Service ${chosen.id} is not available on this order`);
    if (chosen.quantity > service.maximum_quantity)
      throw invalid(`add_services[${i}].quantity`, `At most ${service.maximum_quantity} of this service`);
    totalCents += cents(service.total_amount) * chosen.quantity;
    return boughtBag(service, chosen.quantity);
  });
  if (cents(request.payment.amount) !== totalCents || request.payment.currency !== order.total_currency) {
    refuse(
      'price_changed',
      'Price changed',
      `The services cost ${money(totalCents)} ${order.total_currency}: pay that amount`,
    );
  }
  return {
    ...order,
    services: [...order.services, ...added],
    total_amount: money(cents(order.total_amount) + totalCents),
  };
}
