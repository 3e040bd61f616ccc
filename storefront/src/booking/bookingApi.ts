import type { BookingResponse, CardDetails } from '@contrail/shared/booking/index';
import type { Passenger } from '@contrail/shared/booking/passenger';
import { api, baseQuery } from '../app/api';
import type { SeatChoice } from './seats';

/** What POST /api/payments/process-card answers (seed 001 §7). */
export interface ProcessCardAnswer {
  success: boolean;
  paymentId?: string;
  error?: string;
  message?: string;
}

export interface ProcessCardArgs {
  offerId: string;
  amount: number;
  currency: string;
  cardDetails: CardDetails;
  seats: SeatChoice[];
  idempotencyKey: string;
}

export interface CreateBookingArgs {
  offerId: string;
  passengers: Passenger[];
  paymentId: string;
  paymentDetails: { amount: number; currency: string; cardDetails: { holderName: string } };
  seats: SeatChoice[];
  idempotencyKey: string;
}

const seatBody = (seats: SeatChoice[]) =>
  seats.map(({ passengerId, segmentId, designator, serviceId }) => ({ passengerId, segmentId, designator, serviceId }));

/**
 * The booking calls of seed 001 §7. Unlike the seed's client, a failed payment call is a failure:
 * the storefront never makes up a payment id (DESIGN §6).
 */
export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Seed 001 §7: isLiveMode, treated as test mode when the call fails. */
    systemMode: build.query<{ isLiveMode: boolean }, void>({
      async queryFn(_arg, queryApi, extra) {
        const result = await baseQuery('api/system/mode', queryApi, extra);
        const body = result.data as { isLiveMode?: unknown } | undefined;
        return { data: { isLiveMode: !result.error && body?.isLiveMode === true } };
      },
      providesTags: ['SystemMode'],
    }),
    processCard: build.mutation<ProcessCardAnswer, ProcessCardArgs>({
      query: ({ idempotencyKey, seats, ...body }) => ({
        url: 'api/payments/process-card',
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: { ...body, ...(seats.length > 0 && { seats: seatBody(seats) }) },
      }),
    }),
    createBooking: build.mutation<BookingResponse, CreateBookingArgs>({
      query: ({ idempotencyKey, seats, ...body }) => ({
        url: 'api/bookings',
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: { ...body, ...(seats.length > 0 && { seats: seatBody(seats) }) },
      }),
      invalidatesTags: ['Bookings', 'User'],
    }),
  }),
});

export const { useSystemModeQuery, useProcessCardMutation, useCreateBookingMutation } = bookingApi;
