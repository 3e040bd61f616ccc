import {
  holdAnswerSchema,
  payHoldAnswerSchema,
  type HoldAnswer,
  type PayHoldAnswer,
  type PayHoldRequestInput,
} from '@contrail/shared/booking/hold';
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
    payHold: build.mutation<PayHoldAnswer, { id: string } & PayHoldRequestInput>({
      query: ({ id, ...body }) => ({ url: `api/bookings/${encodeURIComponent(id)}/pay`, method: 'POST', body }),
      rawResponseSchema: payHoldAnswerSchema,
      // The trip is read again by the dialog until paid; My Trips only then (PayHoldDialog), so the dialog stays.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Booking', id }],
    }),
    /** Back from the bank's 3-D Secure check on Pay Now: the engine reads how the payment stands. */
    finishHoldBankCheck: build.mutation<PayHoldAnswer, { id: string; paymentId: string }>({
      query: ({ id, paymentId }) => ({
        url: `api/bookings/${encodeURIComponent(id)}/pay/authentication`,
        method: 'POST',
        body: { paymentId },
      }),
      rawResponseSchema: payHoldAnswerSchema,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Booking', id }],
    }),
  }),
});

export const { useHoldPriceMutation, usePayHoldMutation, useFinishHoldBankCheckMutation } = holdApi;
