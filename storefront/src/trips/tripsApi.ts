import {
  cancellationQuoteSchema,
  cancelResponseSchema,
  type CancellationQuote,
  type CancelResponse,
} from '@contrail/shared/booking/refund';
import { guestBookingAddedSchema, type GuestBookingAdded } from '@contrail/shared/booking/view';
import type { z } from 'zod';
import { api, baseQuery, parsedAnswer } from '../app/api';
import { guestTripListAnswerSchema, tripAnswerSchema, tripListAnswerSchema, tripOf, type Trip } from './trip-view';

/** My Trips calls (seed 001 §7). A 401 on the list means nobody is signed in: null, the sign-in prompt. */
export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myTrips: build.query<Trip[] | null, void>({
      async queryFn(_arg, queryApi, extra) {
        const result = await baseQuery('api/bookings', queryApi, extra);
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        const list = await parsedAnswer(tripListAnswerSchema, result.data);
        return 'error' in list ? list : { data: list.data.map(tripOf) };
      },
      providesTags: ['Bookings'],
    }),
    /** Bookings made signed out with the traveller's email: theirs to add to My Trips. None when the call fails. */
    guestTrips: build.query<Trip[], void>({
      async queryFn(_arg, queryApi, extra) {
        const result = await baseQuery('api/bookings/guest', queryApi, extra);
        const list = result.error ? undefined : guestTripListAnswerSchema.safeParse(result.data).data;
        return { data: list?.map(tripOf) ?? [] };
      },
      providesTags: ['Bookings'],
    }),
    confirmGuestTrip: build.mutation<GuestBookingAdded, string>({
      query: (id) => ({ url: `api/bookings/${encodeURIComponent(id)}/confirm`, method: 'POST' }),
      rawResponseSchema: guestBookingAddedSchema,
      invalidatesTags: (_result, _error, id) => ['Bookings', { type: 'Booking', id }],
    }),
    trip: build.query<Trip, string>({
      query: (id) => `api/bookings/${encodeURIComponent(id)}`,
      rawResponseSchema: tripAnswerSchema,
      transformResponse: (view: z.output<typeof tripAnswerSchema>) => tripOf(view),
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    /** What cancelling now would refund (issue 20 item 2): shown before the traveller confirms. */
    cancellationQuote: build.mutation<CancellationQuote, string>({
      query: (id) => ({ url: `api/bookings/${encodeURIComponent(id)}/cancellation-quote`, method: 'POST' }),
      rawResponseSchema: cancellationQuoteSchema,
    }),
    /** Cancels with the quote shown, so the refund is the one the traveller agreed to. */
    cancelTrip: build.mutation<CancelResponse, { id: string; quoteId: string }>({
      query: ({ id, quoteId }) => ({
        url: `api/bookings/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body: { quoteId },
      }),
      rawResponseSchema: cancelResponseSchema,
      invalidatesTags: (_result, _error, { id }) => ['Bookings', { type: 'Booking', id }],
    }),
  }),
});

export const {
  useMyTripsQuery,
  useTripQuery,
  useLazyTripQuery,
  useCancelTripMutation,
  useCancellationQuoteMutation,
  useGuestTripsQuery,
  useConfirmGuestTripMutation,
} = tripsApi;
