import type { HistoryState } from '@contrail/shared/admin/operations';
import type { BookingRefund } from '@contrail/shared/booking/refund';
import type { AdminBooking, BookingData, BookingSlice, BookingView, ViewStatus } from '@contrail/shared/booking/view';

/**
 * Bookings as the engine answers them, typed by the shared contracts: a canned answer that a
 * contract change breaks fails to compile, never silently passes.
 */

const place = (code: string) => ({
  iata_code: code,
  city_name: `${code} City`,
  name: `${code} Airport`,
  country_code: 'US',
});

/** A one-flight slice from `from` to `to` on `day` (08:00 to 11:00), its segment `seg_<from>`. */
export function bookingSlice(from: string, to: string, day: string): BookingSlice {
  return {
    id: `sli_${from}`,
    origin: place(from),
    destination: place(to),
    departure_time: `${day}T08:00:00`,
    arrival_time: `${day}T11:00:00`,
    duration: 'PT3H',
    segments: [
      {
        id: `seg_${from}`,
        departing_at: `${day}T08:00:00`,
        arriving_at: `${day}T11:00:00`,
        origin: place(from),
        destination: place(to),
        duration: 'PT3H',
        flight_number: 'AA100',
        operating_carrier: { name: 'American Airlines', iata_code: 'AA', logo_url: null },
      },
    ],
  };
}

export interface BookingFixture {
  id: string;
  status: ViewStatus;
  /** Fare conditions with a cancellation option (and the engine's canCancel when confirmed). */
  cancellable?: boolean;
  refund?: BookingRefund | null;
  bookingData?: Partial<BookingData>;
}

/** A stored booking: JFK-LAX and back in December 2026, two travellers, seat 12A, paid by card 4242. */
export function bookingView({
  id,
  status,
  cancellable = true,
  refund = null,
  bookingData,
}: BookingFixture): BookingView {
  const providerId = `ord_${id}xyz`;
  const reference = providerId.slice(0, 8).toUpperCase();
  return {
    id,
    duffelBookingId: providerId,
    reference,
    status,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:01:00.000Z',
    canCancel: status === 'confirmed' && cancellable,
    pendingReason: null,
    failureCode: null,
    bookingData: {
      id,
      booking_reference: reference,
      slices: [bookingSlice('JFK', 'LAX', '2026-12-20'), bookingSlice('LAX', 'JFK', '2026-12-27')],
      passengers: [
        { id: 'pas_1', given_name: 'Ada', family_name: 'Lovelace', type: 'adult' },
        { id: 'pas_2', given_name: 'Charles', family_name: 'Babbage', type: 'adult' },
      ],
      conditions: {
        refundable: cancellable,
        cancellation_options: cancellable
          ? [{ type: 'refund_before_departure', penalty_amount: '50.00', penalty_currency: 'USD' }]
          : [],
      },
      total_amount: '553.50',
      total_currency: 'USD',
      card_last4: '4242',
      seats: [{ passenger_id: 'pas_1', segment_id: 'seg_JFK', designator: '12A' }],
      bags: [],
      refund,
      ...bookingData,
    },
  };
}

/** A row of the admin booking list: the booking plus what support reads. */
export function adminBooking(fixture: BookingFixture & Partial<Omit<AdminBooking, keyof BookingView>>): AdminBooking {
  const { id, status, cancellable, refund, bookingData, ...support } = fixture;
  return {
    ...bookingView({ id, status, ...(cancellable !== undefined && { cancellable }), refund, bookingData }),
    brandKey: 'default',
    customerId: 'u1',
    offerId: 'off_1',
    paymentId: 'pi_1',
    paymentStatus: 'captured',
    failure: null,
    ...support,
  };
}

/** A booking's state after an event, as the support history shows it. */
export function historyState(phase: string, status: string, pii: unknown): HistoryState {
  return {
    phase,
    status,
    customerId: null,
    price: { amount: 55350, currency: 'USD' },
    offerExpired: false,
    passengers: [{ passengerId: 'p1', type: 'adult', pii }],
    erasedPassengerIds: [],
    seats: [],
    bags: [],
    payment: null,
    order: null,
    failure: null,
  };
}
