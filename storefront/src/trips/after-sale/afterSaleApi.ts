import {
  bookingPurchasesAnswerSchema,
  changeOfferViewSchema,
  extraOptionSchema,
  type BookingPurchase,
  type ChangeOfferView,
  type ChangePurchaseRequest,
  type ExtraOption,
  type ExtrasPurchaseRequest,
  type PurchaseAnswer,
} from '@contrail/shared/booking/after-sale';
import { seatMapViewSchema, type SeatMapView } from '@contrail/shared/flights/seat-map';
import { z } from 'zod';
import { api } from '../../app/api';

const purchaseAnswerSchema = z.object({ success: z.boolean(), message: z.string() }).loose();

/** Changes and extras after booking (issue 36): loaded with the trip dialog's after-sale part only. */
export const afterSaleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What the trip bought after booking: read from the booking's answer here, not by every page's booking schema. */
    tripPurchases: build.query<BookingPurchase[], string>({
      query: (id) => `api/bookings/${encodeURIComponent(id)}`,
      rawResponseSchema: bookingPurchasesAnswerSchema,
      transformResponse: (answer: z.output<typeof bookingPurchasesAnswerSchema>) => answer.bookingData.purchases,
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    changeOffers: build.mutation<ChangeOfferView[], { id: string; sliceIndex: number; departureDate: string }>({
      query: ({ id, sliceIndex, departureDate }) => ({
        url: `api/bookings/${encodeURIComponent(id)}/changes/search`,
        method: 'POST',
        body: { slices: [{ sliceIndex, departureDate }] },
      }),
      rawResponseSchema: z.array(changeOfferViewSchema),
    }),
    buyChange: build.mutation<PurchaseAnswer, { id: string; body: ChangePurchaseRequest }>({
      query: ({ id, body }) => ({ url: `api/bookings/${encodeURIComponent(id)}/changes`, method: 'POST', body }),
      rawResponseSchema: purchaseAnswerSchema,
      invalidatesTags: (_result, _error, { id }) => ['Bookings', { type: 'Booking', id }],
    }),
    extraOptions: build.query<ExtraOption[], string>({
      query: (id) => `api/bookings/${encodeURIComponent(id)}/extras`,
      rawResponseSchema: z.array(extraOptionSchema),
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    tripSeatMaps: build.query<{ seatMaps: SeatMapView[] }, string>({
      query: (id) => `api/bookings/${encodeURIComponent(id)}/seats`,
      rawResponseSchema: z.object({ seatMaps: z.array(seatMapViewSchema) }),
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    buyExtras: build.mutation<PurchaseAnswer, { id: string; body: ExtrasPurchaseRequest }>({
      query: ({ id, body }) => ({ url: `api/bookings/${encodeURIComponent(id)}/extras`, method: 'POST', body }),
      rawResponseSchema: purchaseAnswerSchema,
      invalidatesTags: (_result, _error, { id }) => ['Bookings', { type: 'Booking', id }],
    }),
    /** Back from the bank's 3-D Secure check: the engine reads the payment's status and finishes the purchase. */
    finishPurchaseCheck: build.mutation<PurchaseAnswer, { id: string; purchaseId: string; paymentId: string }>({
      query: ({ id, purchaseId, paymentId }) => ({
        url: `api/bookings/${encodeURIComponent(id)}/purchases/${encodeURIComponent(purchaseId)}/authentication`,
        method: 'POST',
        body: { paymentId },
      }),
      rawResponseSchema: purchaseAnswerSchema,
      invalidatesTags: (_result, _error, { id }) => ['Bookings', { type: 'Booking', id }],
    }),
  }),
});

export const {
  useTripPurchasesQuery,
  useChangeOffersMutation,
  useBuyChangeMutation,
  useExtraOptionsQuery,
  useTripSeatMapsQuery,
  useBuyExtrasMutation,
  useFinishPurchaseCheckMutation,
} = afterSaleApi;
