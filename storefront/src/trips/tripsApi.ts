import { cancellationQuoteSchema, type CancellationQuote, type CancelResponse } from '@contrail/shared/booking/refund';
import { api, baseQuery } from '../app/api';
import { tripOf, type Trip } from './trip-view';

export type CancelAnswer = CancelResponse;

/** My Trips calls (seed 001 §7). A 401 on the list means nobody is signed in: null, the sign-in prompt. */
export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myTrips: build.query<Trip[] | null, void>({
      async queryFn(_arg, queryApi, extra) {
        const result = await baseQuery('api/bookings', queryApi, extra);
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        const body = result.data as unknown;
        const list = Array.isArray(body)
          ? body
          : Array.isArray((body as { bookings?: unknown })?.bookings)
            ? (body as { bookings: unknown[] }).bookings
            : [];
        return { data: list.map(tripOf) };
      },
      providesTags: ['Bookings'],
    }),
    /** Bookings made signed out with the traveller's email: theirs to add to My Trips. None when the call fails. */
    guestTrips: build.query<Trip[], void>({
      async queryFn(_arg, queryApi, extra) {
        const result = await baseQuery('api/bookings/guest', queryApi, extra);
        if (result.error || !Array.isArray(result.data)) return { data: [] };
        return { data: (result.data as unknown[]).map(tripOf) };
      },
      providesTags: ['Bookings'],
    }),
    confirmGuestTrip: build.mutation<CancelAnswer, string>({
      query: (id) => ({ url: `api/bookings/${encodeURIComponent(id)}/confirm`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => ['Bookings', { type: 'Booking', id }],
    }),
    trip: build.query<Trip, string>({
      query: (id) => `api/bookings/${encodeURIComponent(id)}`,
      transformResponse: (body: unknown) => tripOf(body),
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    /** What cancelling now would refund (issue 20 item 2): shown before the traveller confirms. */
    cancellationQuote: build.mutation<CancellationQuote, string>({
      query: (id) => ({ url: `api/bookings/${encodeURIComponent(id)}/cancellation-quote`, method: 'POST' }),
      transformResponse: (body: unknown) => cancellationQuoteSchema.parse(body),
    }),
    /** Cancels with the quote shown, so the refund is the one the traveller agreed to. */
    cancelTrip: build.mutation<CancelAnswer, { id: string; quoteId: string }>({
      query: ({ id, quoteId }) => ({
        url: `api/bookings/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body: { quoteId },
      }),
      invalidatesTags: (_result, _error, { id }) => ['Bookings', { type: 'Booking', id }],
    }),
  }),
});

export const {
  useMyTripsQuery,
  useTripQuery,
  useCancelTripMutation,
  useCancellationQuoteMutation,
  useGuestTripsQuery,
  useConfirmGuestTripMutation,
} = tripsApi;
