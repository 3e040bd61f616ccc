import { outboxAnswerSchema, type OutboxAnswer } from '@contrail/shared/admin/operations';
import {
  cancellationQuoteSchema,
  cancelResponseSchema,
  type CancellationQuote,
  type CancelResponse,
} from '@contrail/shared/booking/refund';
import {
  bookingMoneySchema,
  resendConfirmationAnswerSchema,
  type BookingMoney,
  type ResendConfirmationAnswer,
} from '@contrail/shared/support-desk/acting';
import { api } from '../app/api';

const bookingPath = (id: string) => `api/admin/bookings/${encodeURIComponent(id)}`;

/** Support acting for the traveller (issue #31): the booking's money and emails, cancel with refund, resend. */
export const actingApi = api.injectEndpoints({
  endpoints: (build) => ({
    bookingMoney: build.query<BookingMoney, string>({
      query: (id) => `${bookingPath(id)}/money`,
      rawResponseSchema: bookingMoneySchema,
      providesTags: ['Booking'],
    }),
    /** The booking's emails, bodies sealed (revealed for a reason, like the travellers' data). */
    bookingEmails: build.query<OutboxAnswer, string>({
      query: (bookingId) => ({ url: 'api/admin/outbox', params: { bookingId } }),
      rawResponseSchema: outboxAnswerSchema,
      providesTags: ['Booking'],
    }),
    staffCancellationQuote: build.mutation<CancellationQuote, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${bookingPath(id)}/cancellation-quote`, method: 'POST', body: { reason } }),
      rawResponseSchema: cancellationQuoteSchema,
      // The quote is on the booking's staff activity.
      invalidatesTags: ['Booking'],
    }),
    staffCancel: build.mutation<CancelResponse, { id: string; quoteId: string; reason: string }>({
      query: ({ id, quoteId, reason }) => ({
        url: `${bookingPath(id)}/cancel`,
        method: 'POST',
        body: { quoteId, reason },
      }),
      rawResponseSchema: cancelResponseSchema,
      invalidatesTags: ['Booking', 'Bookings'],
    }),
    resendConfirmation: build.mutation<ResendConfirmationAnswer, { id: string; requestId: string; reason: string }>({
      query: ({ id, requestId, reason }) => ({
        url: `${bookingPath(id)}/resend-confirmation`,
        method: 'POST',
        body: { requestId, reason },
      }),
      rawResponseSchema: resendConfirmationAnswerSchema,
      invalidatesTags: ['Booking'],
    }),
  }),
});

export const {
  useBookingMoneyQuery,
  useBookingEmailsQuery,
  useStaffCancellationQuoteMutation,
  useStaffCancelMutation,
  useResendConfirmationMutation,
} = actingApi;
