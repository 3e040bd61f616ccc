import type { BookingEvent } from '../../bookings/domain/events.js';
import type { BookingItinerary } from '../../bookings/domain/itinerary.js';
import type { RecordedEvent } from '../../eventstore/eventstore.js';

const place = (iata: string, country: string) => ({
  iata_code: iata,
  city_name: iata,
  name: iata,
  country_code: country,
});

/** A one-slice itinerary from `origin` to `destination` on `carrier`, for `travellers` adults. */
export function itineraryOf(
  origin: string,
  destination: string,
  carrier: string,
  travellers: number,
): BookingItinerary {
  const from = place(origin, 'US');
  const to = place(destination, 'GB');
  return {
    slices: [
      {
        id: 'sli_1',
        origin: from,
        destination: to,
        departure_time: '2027-01-10T18:00:00',
        arrival_time: '2027-01-11T06:00:00',
        duration: 'PT7H',
        segments: [
          {
            id: 'seg_1',
            departing_at: '2027-01-10T18:00:00',
            arriving_at: '2027-01-11T06:00:00',
            origin: from,
            destination: to,
            duration: 'PT7H',
            flight_number: `${carrier}100`,
            operating_carrier: { name: carrier, iata_code: carrier, logo_url: null },
          },
        ],
      },
    ],
    conditions: { refundable: true, cancellation_options: [] },
    supplied: { amount: '0.00', currency: 'USD' },
    passengers: Array.from({ length: travellers }, (_, index) => ({ id: `pas_${index}`, type: 'adult' as const })),
  };
}

export interface SaleFacts {
  bookingId: string;
  brandKey: string;
  currency?: string;
  price: number;
  providerCost?: number;
  captureFee?: number;
  route?: [string, string];
  carrier?: string;
  travellers?: number;
  /** The pricing rule recorded at the start (absent: a booking from before pricing rules). */
  ruleId?: string;
  at: string;
}

const money = (amount: number, currency: string) => ({ amount, currency });

/** A booking's events from its start to its capture and confirmation. */
export function soldBooking(facts: SaleFacts): BookingEvent[] {
  const currency = facts.currency ?? 'USD';
  const [origin, destination] = facts.route ?? ['JFK', 'LHR'];
  const { at, price } = facts;
  return [
    {
      type: 'BookingStarted',
      data: {
        bookingId: facts.bookingId,
        brandKey: facts.brandKey,
        offerId: `off_${facts.bookingId}`,
        customerId: null,
        price: money(price, currency),
        ...(facts.ruleId !== undefined && {
          pricing: {
            ruleId: facts.ruleId,
            provider: money(facts.providerCost ?? 0, currency),
            margin: money(price - (facts.providerCost ?? 0), currency),
          },
        }),
        offerExpiresAt: at,
        passportRequired: false,
        cancellable: true,
        departsAt: null,
        arrivesAt: null,
        itinerary: itineraryOf(origin, destination, facts.carrier ?? 'BA', facts.travellers ?? 1),
        at,
      },
    },
    {
      type: 'PaymentAuthorized',
      data: { paymentId: `pi_${facts.bookingId}`, amount: money(price, currency), cardLast4: '4242', at },
    },
    {
      type: 'OrderCreated',
      data: {
        orderId: `ord_${facts.bookingId}`,
        bookingReference: 'ABC123',
        providerTotal: facts.providerCost !== undefined ? money(facts.providerCost, currency) : null,
        at,
      },
    },
    {
      type: 'PaymentCaptured',
      data: {
        paymentId: `pi_${facts.bookingId}`,
        amount: money(price, currency),
        fee: facts.captureFee !== undefined ? money(facts.captureFee, currency) : null,
        at,
      },
    },
    { type: 'BookingConfirmed', data: { orderId: `ord_${facts.bookingId}`, bookingReference: 'ABC123', at } },
  ];
}

/**
 * A trip held and paid later: the airline holds it at `heldCost`, answers the payment with a new
 * total `providerCost` when it differs, is paid that, then the card is captured for `price`.
 */
export function heldAndPaidBooking(facts: SaleFacts & { heldCost: number; paidAt: string }): BookingEvent[] {
  const currency = facts.currency ?? 'USD';
  const [started] = soldBooking(facts);
  const { at, paidAt, price, heldCost } = facts;
  const cost = facts.providerCost ?? heldCost;
  const paymentId = `pi_${facts.bookingId}`;
  const orderId = `ord_${facts.bookingId}`;
  const heldUntil = '2027-01-01T00:00:00.000Z';
  return [
    started!,
    { type: 'HoldRequested', data: { paymentRequiredBy: heldUntil, priceGuaranteeExpiresAt: null, at } },
    {
      type: 'OrderHeld',
      data: {
        orderId,
        bookingReference: 'HLD123',
        providerTotal: money(heldCost, currency),
        price: money(price, currency),
        paymentRequiredBy: heldUntil,
        priceGuaranteeExpiresAt: null,
        at,
      },
    },
    ...(cost !== heldCost
      ? [
          {
            type: 'HoldPriceChanged',
            data: { providerTotal: money(cost, currency), price: money(price, currency), at: paidAt },
          } as const,
        ]
      : []),
    {
      type: 'HoldPaymentAuthorized',
      data: { paymentId, amount: money(price, currency), cardLast4: '4242', at: paidAt },
    },
    {
      type: 'HoldPaid',
      data: { airlinePaymentId: `arp_${facts.bookingId}`, amount: money(cost, currency), at: paidAt },
    },
    {
      type: 'PaymentCaptured',
      data: {
        paymentId,
        amount: money(price, currency),
        fee: facts.captureFee !== undefined ? money(facts.captureFee, currency) : null,
        at: paidAt,
      },
    },
    { type: 'BookingConfirmed', data: { orderId, bookingReference: 'HLD123', at: paidAt } },
  ];
}

/** A purchase after booking, confirmed at the airline for `amount` and captured (with `fee` when known). */
export function purchasedAfter(facts: {
  bookingId: string;
  purchaseId: string;
  kind: 'change' | 'extras';
  amount: number;
  fee?: number;
  currency?: string;
  at: string;
}): BookingEvent[] {
  const currency = facts.currency ?? 'USD';
  const { purchaseId, at } = facts;
  const amount = money(facts.amount, currency);
  const paymentId = `pi_${purchaseId}`;
  return [
    { type: 'PurchasePaymentAuthorized', data: { purchaseId, paymentId, amount, cardLast4: '4242', at } },
    {
      type: 'PurchaseConfirmed',
      data: {
        purchaseId,
        serviceIds: [],
        kind: facts.kind,
        amount,
        change: facts.kind === 'change' ? { slices: [], departsAt: null, arrivesAt: null } : null,
        bags: [],
        at,
      },
    },
    {
      type: 'PurchasePaymentCaptured',
      data: {
        purchaseId,
        paymentId,
        amount,
        fee: facts.fee !== undefined ? money(facts.fee, currency) : null,
        at,
      },
    },
  ];
}

/** A confirmed booking's cancellation: the airline gives `providerRefund` back, the traveller gets `refund`. */
export function cancelledBooking(facts: {
  bookingId: string;
  currency?: string;
  providerRefund: number;
  refund: number;
  refundFee?: number;
  /** Refunds of purchases after booking (date changes, extras), issued after the fare's. */
  purchaseRefunds?: { paymentId: string; amount: number; fee?: number }[];
  at: string;
}): BookingEvent[] {
  const currency = facts.currency ?? 'USD';
  const { at } = facts;
  return [
    { type: 'CancellationRequested', data: { requestedBy: null, quoteId: null, at } },
    {
      type: 'OrderCancelled',
      data: {
        cancellationId: 'ore_1',
        refund: money(facts.refund, currency),
        providerRefund: money(facts.providerRefund, currency),
        at,
      },
    },
    {
      type: 'RefundIssued',
      data: {
        refundId: `re_${facts.bookingId}`,
        paymentId: `pi_${facts.bookingId}`,
        amount: money(facts.refund, currency),
        fee: facts.refundFee !== undefined ? money(facts.refundFee, currency) : null,
        at,
      },
    },
    { type: 'BookingCancelled', data: { at } },
    ...(facts.purchaseRefunds ?? []).map((refund, index): BookingEvent => ({
      type: 'RefundIssued',
      data: {
        refundId: `re_${facts.bookingId}_${index}`,
        paymentId: refund.paymentId,
        amount: money(refund.amount, currency),
        fee: refund.fee !== undefined ? money(refund.fee, currency) : null,
        at,
      },
    })),
  ];
}

/** Events as the store hands them to projections, numbered in the global order from `first`. */
export function recordedEvents(bookingId: string, events: readonly BookingEvent[], first = 0): RecordedEvent[] {
  return events.map(
    (event, index) =>
      ({
        ...event,
        streamName: `booking-${bookingId}`,
        revision: BigInt(index),
        position: { commit: BigInt(first + index + 1), prepare: BigInt(first + index + 1) },
        metadata: {
          eventId: `${bookingId}-${index}`,
          correlationId: 'c',
          causationId: null,
          actor: 'test',
          brand: 'default',
          timestamp: event.data.at,
        },
      }) as RecordedEvent,
  );
}
