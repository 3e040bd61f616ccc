import { randomUUID } from 'node:crypto';
import type { FlightOffer, FlightSlice, SeatMapView } from '@contrail/shared';
import {
  AFTER_SALE_MESSAGES,
  BANK_CHECK_WINDOW_MINUTES,
  changePurchaseRequestSchema,
  changeSearchRequestSchema,
  extrasPurchaseRequestSchema,
  type ChangeOfferView,
  type ExtraOption,
  type PurchaseAnswer,
} from '@contrail/shared/booking/after-sale';
import { decimalAmount, toMinorUnits, type Money } from '@contrail/shared/booking/money';
import type { EventContext } from '../../eventstore/metadata.js';
import type { ProviderChangeOffer } from '../../flights/after-sale.js';
import { parseInput } from '../../http/errors.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { handleBookingCommands } from '../booking-stream.js';
import type { BagRecord, SeatRecord } from '../domain/events.js';
import { itineraryOf, tripTimesOf, type ItinerarySlice } from '../domain/itinerary.js';
import type { OpenPurchase } from '../domain/purchase-state.js';
import { BANK_CHECK_ABANDONED } from '../domain/decisions/purchases.js';
import { Refusal } from '../domain/refusals.js';
import type { BookingState, StateIn } from '../domain/state.js';
import { failPurchase, payForPurchase, type PurchaseAtAirline, type Run } from './purchase-payment.js';
import { lookUpPurchase } from './purchase-lookup.js';

export type Confirmed = StateIn<'confirmed'>;

/** The owner's confirmed booking; anyone else is told it does not exist. */
export async function ownConfirmed(deps: BookingDeps, bookingId: string, userId: string): Promise<Confirmed> {
  const { state } = await loadBooking(deps.eventStore, bookingId);
  if (state.phase === 'none' || state.booking.customerId !== userId)
    throw new Refusal('NOT_FOUND', 'Booking not found');
  if (state.phase !== 'confirmed') throw new Refusal('NOT_CONFIRMED', 'Only confirmed trips can be changed');
  return state;
}

interface OrderSlices {
  slices: Array<{ id: string; origin: string; destination: string }>;
  changeable: boolean;
}

/** The order's own slices (its ids are the airline's, not the offer's) and whether its fare allows changes. */
async function orderSlices(deps: BookingDeps, orderId: string): Promise<OrderSlices> {
  const raw = (await deps.flights.getOrder(orderId)).raw as {
    slices?: Array<{ id: string; origin: { iata_code: string }; destination: { iata_code: string } }>;
    conditions?: { change_before_departure?: { allowed?: boolean } | null };
  };
  return {
    slices: (raw.slices ?? []).map((slice) => ({
      id: slice.id,
      origin: slice.origin.iata_code,
      destination: slice.destination.iata_code,
    })),
    changeable: raw.conditions?.change_before_departure?.allowed === true,
  };
}

const minor = (money: { amount: string; currency: string }): Money => ({
  amount: toMinorUnits(money.amount, money.currency),
  currency: money.currency,
});

function changeOfferView(offer: ProviderChangeOffer): ChangeOfferView {
  const total = minor(offer.changeTotal);
  const penalty = minor(offer.penalty);
  const { currency } = total;
  return {
    id: offer.id,
    fareDifference: decimalAmount(total.amount - penalty.amount, currency),
    penalty: decimalAmount(penalty.amount, currency),
    amount: decimalAmount(total.amount, currency),
    currency,
    expiresAt: offer.expiresAt,
    flights: offer.slices.flatMap((slice) =>
      slice.segments.length === 0
        ? []
        : [
            {
              origin: slice.origin.iata_code,
              destination: slice.destination.iata_code,
              departingAt: slice.segments[0]!.departing_at,
              arrivingAt: slice.segments.at(-1)!.arriving_at,
              flightNumbers: slice.segments.map((segment) => segment.flight_number),
            },
          ],
    ),
  };
}

/** POST /api/bookings/:id/changes/search: the airline's change offers for new dates of some of the flights. */
export async function searchChangeOffers(
  deps: BookingDeps,
  bookingId: string,
  userId: string,
  body: unknown,
): Promise<ChangeOfferView[]> {
  const request = parseInput(changeSearchRequestSchema, body);
  const state = await ownConfirmed(deps, bookingId, userId);
  const order = await orderSlices(deps, state.order.orderId);
  if (!order.changeable) throw new Refusal('NOT_REFUNDABLE', AFTER_SALE_MESSAGES.notChangeable);
  const moved = request.slices.map(({ sliceIndex, departureDate }) => {
    const slice = order.slices[sliceIndex];
    if (!slice)
      throw new Refusal('VALIDATION_ERROR', `Invalid request: slices: no flight ${sliceIndex + 1} on this trip`);
    return { slice, departureDate };
  });
  const offers = await deps.flights.requestOrderChange({
    orderId: state.order.orderId,
    removeSliceIds: moved.map(({ slice }) => slice.id),
    add: moved.map(({ slice, departureDate }) => ({
      origin: slice.origin,
      destination: slice.destination,
      departureDate,
    })),
  });
  return offers.map(changeOfferView);
}

/** The added slices as a booking records them, and when they leave and land. */
function addedFlights(slices: FlightSlice[]) {
  const asOffer = {
    slices,
    conditions: { refund_before_departure: null },
    total_amount: '0',
    total_currency: 'USD',
    passengers: [],
  } as unknown as FlightOffer;
  return { slices: itineraryOf(asOffer).slices, ...tripTimesOf(asOffer) };
}

/** The booking's flights after the change: the kept ones and the added ones, by departure; and the trip's times. */
function changedTrip(state: Confirmed, order: OrderSlices, offer: ProviderChangeOffer) {
  const removed = new Set(offer.removedSliceIds);
  const removedIndexes = order.slices.flatMap((slice, index) => (removed.has(slice.id) ? [index] : []));
  const kept: ItinerarySlice[] = (state.booking.itinerary?.slices ?? []).filter((_, i) => !removedIndexes.includes(i));
  const added = addedFlights(offer.slices);
  const slices = [...kept, ...added.slices].sort((a, b) => a.departure_time.localeCompare(b.departure_time));
  const last = order.slices.length - 1;
  return {
    slices,
    removedSliceIds: offer.removedSliceIds,
    departsAt: removedIndexes.includes(0) ? added.departsAt : state.booking.departsAt,
    arrivesAt: removedIndexes.includes(last) ? added.arrivesAt : state.booking.arrivesAt,
  };
}

function checkShownAmount(shown: { amount: string; currency: string }, due: Money): void {
  if (shown.currency !== due.currency || toMinorUnits(shown.amount, shown.currency) !== due.amount) {
    throw new Refusal(
      'AMOUNT_MISMATCH',
      `The amount due is ${decimalAmount(due.amount, due.currency)} ${due.currency}`,
      {
        expected: decimalAmount(due.amount, due.currency),
      },
    );
  }
}

/** How a purchase request is paid: the card, and where the bank's check sends the traveller back. */
export interface PurchaseCall {
  context: EventContext;
  /** This site's origin as the traveller reached it. */
  origin: string;
}

/**
 * POST /api/bookings/:id/changes: pays for a change offer (fare difference plus penalty) and
 * confirms it at the airline. A retry for the same offer resumes the change under way.
 */
export async function purchaseChange(
  deps: BookingDeps,
  bookingId: string,
  userId: string,
  body: unknown,
  call: PurchaseCall,
): Promise<{ status: number; body: PurchaseAnswer }> {
  const request = parseInput(changePurchaseRequestSchema, body);
  const state = await giveUpAbandoned(deps, await ownConfirmed(deps, bookingId, userId), call.context);
  const resumed = state.purchase?.change?.changeOfferId === request.changeOfferId ? state.purchase : null;
  const purchase = resumed ?? (await startChange(deps, state, request, call.context));
  return payOpenPurchase(deps, state, purchase, {
    context: call.context,
    card: request.cardDetails,
    ...(request.returnPath && { returnUrl: `${call.origin}${request.returnPath}` }),
  });
}

/** Pays an open purchase, confirming it at the airline the way its kind is confirmed. */
export function payOpenPurchase(
  deps: BookingDeps,
  state: Confirmed,
  purchase: OpenPurchase,
  how: Pick<Run, 'context' | 'card' | 'returnUrl' | 'authenticated'>,
): Promise<{ status: number; body: PurchaseAnswer }> {
  const bookingId = state.booking.bookingId;
  const airline = purchase.change
    ? changeAtAirline(deps, state.order.orderId, purchase)
    : extrasAtAirline(deps, state.order.orderId, purchase);
  const extras = purchase.extras;
  const success = purchase.change
    ? AFTER_SALE_MESSAGES.changed
    : extras && extras.bags.length > 0
      ? AFTER_SALE_MESSAGES.bagsAdded
      : AFTER_SALE_MESSAGES.seatsAdded;
  return payForPurchase({ deps, bookingId, purchase, success, airline, ...how });
}

function changeAtAirline(deps: BookingDeps, orderId: string, purchase: OpenPurchase): PurchaseAtAirline {
  const { amount } = purchase;
  return {
    confirm: async () => {
      const payment =
        amount.amount > 0 ? { amount: decimalAmount(amount.amount, amount.currency), currency: amount.currency } : null;
      await deps.flights.confirmOrderChange(purchase.purchaseId, payment);
      return [];
    },
    lookup: () => lookUpPurchase(deps, orderId, purchase),
  };
}

function extrasAtAirline(deps: BookingDeps, orderId: string, purchase: OpenPurchase): PurchaseAtAirline {
  const extras = purchase.extras!;
  const seats = (extras.seats ?? []).map((seat) => ({ id: seat.serviceId, quantity: 1 }));
  const services = extras.bags.map((bag) => ({ id: bag.serviceId, quantity: bag.quantity }));
  const { amount } = purchase;
  return {
    confirm: async () => {
      const payment = { amount: decimalAmount(amount.amount, amount.currency), currency: amount.currency };
      const ids = await deps.flights.addOrderServices(orderId, [...services, ...seats], payment);
      return ids.filter((id) => !extras.knownServiceIds.includes(id));
    },
    lookup: () => lookUpPurchase(deps, orderId, purchase),
  };
}

/**
 * A purchase still waiting for the traveller's bank check after BANK_CHECK_WINDOW_MINUTES was
 * abandoned: it fails (nothing was authorized, so nothing to void), so it no longer blocks new ones.
 */
export async function giveUpAbandoned(deps: BookingDeps, state: Confirmed, context: EventContext): Promise<Confirmed> {
  const open = state.purchase;
  if (!open || !bankCheckAbandoned(open, deps.clock.now())) return state;
  await failPurchase({ deps, bookingId: state.booking.bookingId, context }, open.purchaseId, {
    reason: `the bank check was not finished within ${BANK_CHECK_WINDOW_MINUTES} minutes`,
    code: BANK_CHECK_ABANDONED,
    paymentId: null,
  });
  return ownConfirmed(deps, state.booking.bookingId, state.booking.customerId!);
}

export function bankCheckAbandoned(open: OpenPurchase, now: Date): boolean {
  if (open.status !== 'requested' || !open.requestedAt) return false;
  return now.getTime() - Date.parse(open.requestedAt) >= BANK_CHECK_WINDOW_MINUTES * 60_000;
}

async function startChange(
  deps: BookingDeps,
  state: Confirmed,
  request: { changeOfferId: string; amount: string; currency: string },
  context: EventContext,
): Promise<OpenPurchase> {
  const offer = await deps.flights.getOrderChangeOffer(request.changeOfferId);
  const amount = minor(offer.changeTotal);
  const penalty = minor(offer.penalty);
  checkShownAmount(request, amount);
  const order = await orderSlices(deps, state.order.orderId);
  const change = await deps.flights.createOrderChange(offer.id);
  const data = {
    purchaseId: change.id,
    changeOfferId: offer.id,
    fareDifference: { amount: amount.amount - penalty.amount, currency: amount.currency },
    penalty,
    amount,
    ...changedTrip(state, order, offer),
  };
  const handled = await handleBookingCommands(
    deps.eventStore,
    state.booking.bookingId,
    { type: 'RequestOrderChange', data: { ...data, at: deps.clock.now().toISOString() } },
    { context, clock: deps.clock },
  );
  return openPurchaseOf(handled.state);
}

function openPurchaseOf(state: BookingState): OpenPurchase {
  if (state.phase === 'none' || !state.purchase) throw new Refusal('NO_PURCHASE', 'No change is being paid for');
  return state.purchase;
}

const BAG_NAMES = { checked: 'Checked bag', carry_on: 'Carry-on bag' } as const;

/** GET /api/bookings/:id/extras: the bags the trip may still add, at the airline's price. */
export async function extraOptions(deps: BookingDeps, bookingId: string, userId: string): Promise<ExtraOption[]> {
  const state = await ownConfirmed(deps, bookingId, userId);
  const services = await deps.flights.orderServices(state.order.orderId);
  const segments = (state.booking.itinerary?.slices ?? []).flatMap((slice) => slice.segments);
  const routeOf = (segmentIds: string[]) => {
    const legs = segmentIds
      .map((id) => segments.find((segment) => segment.id === id))
      .filter((leg) => leg !== undefined);
    const first = legs[0];
    const last = legs.at(-1);
    return first && last
      ? `${first.origin.city_name} (${first.origin.iata_code}) to ${last.destination.city_name} (${last.destination.iata_code})`
      : 'Your flights';
  };
  return services.map((service) => ({
    serviceId: service.id,
    kind: service.kind,
    name: BAG_NAMES[service.kind],
    description: `${BAG_NAMES[service.kind]}${service.maximumWeightKg ? ` up to ${service.maximumWeightKg} kg` : ''}`,
    passengerIds: service.passengerIds,
    route: routeOf(service.segmentIds),
    maximumQuantity: service.maximumQuantity,
    price: service.price.amount,
    currency: service.price.currency,
  }));
}

/** POST /api/bookings/:id/extras: pays for bags at the airline's price and adds them to the order. */
export async function purchaseExtras(
  deps: BookingDeps,
  bookingId: string,
  userId: string,
  body: unknown,
  call: PurchaseCall,
): Promise<{ status: number; body: PurchaseAnswer }> {
  const request = parseInput(extrasPurchaseRequestSchema, body);
  const state = await giveUpAbandoned(deps, await ownConfirmed(deps, bookingId, userId), call.context);
  const purchase = state.purchase?.extras ? state.purchase : await startExtras(deps, state, request, call.context);
  return payOpenPurchase(deps, state, purchase, {
    context: call.context,
    card: request.cardDetails,
    ...(request.returnPath && { returnUrl: `${call.origin}${request.returnPath}` }),
  });
}

async function startExtras(
  deps: BookingDeps,
  state: Confirmed,
  request: {
    bags: Array<{ serviceId: string; quantity: number }>;
    seats: Array<{ serviceId: string }>;
    amount: string;
    currency: string;
  },
  context: EventContext,
): Promise<OpenPurchase> {
  const orderId = state.order.orderId;
  const [available, knownServiceIds, seats] = await Promise.all([
    request.bags.length > 0 ? deps.flights.orderServices(orderId) : [],
    deps.flights.orderServiceIds(orderId),
    request.seats.length > 0 ? chosenSeats(deps, orderId, request.seats) : [],
  ]);
  const bags: BagRecord[] = request.bags.map((chosen, i) => {
    const service = available.find((one) => one.id === chosen.serviceId);
    if (!service || chosen.quantity > service.maximumQuantity)
      throw new Refusal('INVALID_BAGS', `Bag ${i + 1} is no longer available in that quantity`);
    const price = minor(service.price);
    return {
      serviceId: service.id,
      kind: service.kind,
      passengerIds: service.passengerIds,
      segmentIds: service.segmentIds,
      quantity: chosen.quantity,
      price: { amount: price.amount * chosen.quantity, currency: price.currency },
    };
  });
  const prices = [...bags, ...seats].map((one) => one.price);
  const currency = prices[0]?.currency ?? request.currency;
  const amount = { amount: prices.reduce((sum, price) => sum + price.amount, 0), currency };
  checkShownAmount(request, amount);
  const handled = await handleBookingCommands(
    deps.eventStore,
    state.booking.bookingId,
    {
      type: 'RequestExtras',
      data: {
        purchaseId: `xtr_${randomUUID()}`,
        bags,
        seats,
        amount,
        knownServiceIds,
        at: deps.clock.now().toISOString(),
      },
    },
    { context, clock: deps.clock },
  );
  return openPurchaseOf(handled.state);
}

/** GET /api/bookings/:id/seats: the trip's seat maps, the seats its passengers may still buy at the airline's price. */
export async function seatOptions(
  deps: BookingDeps,
  bookingId: string,
  userId: string,
): Promise<{ seatMaps: SeatMapView[] }> {
  const state = await ownConfirmed(deps, bookingId, userId);
  return { seatMaps: await deps.flights.orderSeatMaps(state.order.orderId) };
}

/** The chosen seat services as the order's seat maps sell them now (passenger, flight, seat and price). */
async function chosenSeats(
  deps: BookingDeps,
  orderId: string,
  chosen: Array<{ serviceId: string }>,
): Promise<SeatRecord[]> {
  const maps = await deps.flights.orderSeatMaps(orderId);
  const sold = maps.flatMap((map) =>
    map.cabins.flatMap((cabin) =>
      cabin.rows.flatMap((row) =>
        row.sections.flatMap((section) =>
          section.elements.flatMap((element) =>
            (element.available_services ?? []).map((service) => ({
              passengerId: service.passenger_id,
              segmentId: map.segment_id,
              designator: element.designator ?? '',
              serviceId: service.id,
              price: minor({ amount: service.total_amount, currency: service.total_currency }),
            })),
          ),
        ),
      ),
    ),
  );
  return chosen.map(({ serviceId }, i) => {
    const seat = sold.find((one) => one.serviceId === serviceId);
    if (!seat) throw new Refusal('INVALID_SEATS', `Seat ${i + 1} is no longer available`);
    return seat;
  });
}
