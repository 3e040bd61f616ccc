import { holdAnswerSchema, type HoldAnswer, type PayHoldRequestInput } from '@contrail/shared/booking/hold';
import type { Passenger } from '@contrail/shared/booking/passenger';
import { api } from '../app/api';

/** Hold now, pay later (issue 36): hold an offer's price, pay a held trip. */
export const holdApi = api.injectEndpoints({
  endpoints: (build) => ({
    holdPrice: build.mutation<HoldAnswer, { offerId: string; passengers: Passenger[]; idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: 'api/bookings/hold',
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body,
      }),
      rawResponseSchema: holdAnswerSchema,
      invalidatesTags: ['Bookings'],
    }),
    payHold: build.mutation<HoldAnswer, { id: string } & PayHoldRequestInput>({
      query: ({ id, ...body }) => ({ url: `api/bookings/${encodeURIComponent(id)}/pay`, method: 'POST', body }),
      rawResponseSchema: holdAnswerSchema,
      // The trip is read again by the dialog until paid; My Trips only then (PayHoldDialog), so the dialog stays.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Booking', id }],
    }),
  }),
});

export const { useHoldPriceMutation, usePayHoldMutation } = holdApi;
