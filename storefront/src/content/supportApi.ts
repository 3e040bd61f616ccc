import {
  bookingLookupResultSchema,
  supportRequestReceiptSchema,
  type BookingLookupResult,
  type SupportRequestInput,
  type SupportRequestReceipt,
} from '@contrail/shared/content/forms';
import { api } from '../app/api';

/**
 * The help pages' calls. POST /api/support-requests records a contact message, support request
 * or newsletter sign-up for support staff. GET /api/bookings/lookup answers a booking's status
 * (and nothing else) for its reference and email, without signing in.
 */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendSupportRequest: build.mutation<SupportRequestReceipt, SupportRequestInput>({
      query: (body) => ({ url: 'api/support-requests', method: 'POST', body }),
      rawResponseSchema: supportRequestReceiptSchema,
    }),
    lookupBooking: build.query<BookingLookupResult, { reference: string; email: string }>({
      query: (params) => ({ url: 'api/bookings/lookup', params }),
      rawResponseSchema: bookingLookupResultSchema,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSendSupportRequestMutation, useLazyLookupBookingQuery } = supportApi;
