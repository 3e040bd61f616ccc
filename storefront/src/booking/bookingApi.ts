import type {
  BookingRequestInput,
  BookingResponse,
  ProcessCardRequestInput,
  ProcessCardResponse,
} from '@contrail/shared/booking/contracts';
import { api, baseQuery, parsedAnswer } from '../app/api';
import { answerContract, lazyContract } from '../app/lazy-contract';
import type { SeatChoice } from './seats';

/** A call's body as the shared contract reads it, with the seats as the seat step chose them and the call's key. */
type CallArgs<Body> = Omit<Body, 'seats'> & { seats: SeatChoice[]; idempotencyKey: string };

export type ProcessCardArgs = CallArgs<ProcessCardRequestInput>;
export type CreateBookingArgs = CallArgs<BookingRequestInput>;

const seatBody = (seats: SeatChoice[]): NonNullable<BookingRequestInput['seats']> =>
  seats.map(({ passengerId, segmentId, designator, serviceId }) => ({ passengerId, segmentId, designator, serviceId }));

/**
 * The booking calls of seed 001 §7. Unlike the seed's client, a failed payment call is a failure:
 * the storefront never makes up a payment id (DESIGN §6).
 */
const bookingContracts = () => import('@contrail/shared/booking/contracts');
const systemModeContract = lazyContract(async () => (await import('@contrail/shared/admin/settings')).systemModeSchema);
const processCardContract = lazyContract(async () => (await bookingContracts()).processCardResponseSchema);
const bookingContract = lazyContract(async () => (await bookingContracts()).bookingResponseSchema);

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Seed 001 §7: isLiveMode, treated as test mode when the call fails or its answer breaks `systemModeSchema`. */
    systemMode: build.query<{ isLiveMode: boolean }, void>({
      async queryFn(_arg, queryApi, extra) {
        systemModeContract.prefetch();
        const result = await baseQuery('api/system/mode', queryApi, extra);
        const mode = result.error ? undefined : await parsedAnswer(systemModeContract, result.data);
        return { data: { isLiveMode: mode !== undefined && 'data' in mode && mode.data.isLiveMode } };
      },
      providesTags: ['SystemMode'],
    }),
    processCard: build.mutation<ProcessCardResponse, ProcessCardArgs>({
      query: ({ idempotencyKey, seats, ...body }) => ({
        url: 'api/payments/process-card',
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: { ...body, ...(seats.length > 0 && { seats: seatBody(seats) }) },
      }),
      ...answerContract(processCardContract),
    }),
    /** Back from the bank's 3-D Secure check: the engine reads how the payment stands (process-card's answer shape). */
    finishBankCheck: build.mutation<ProcessCardResponse, string>({
      query: (paymentId) => ({
        url: `api/payments/${encodeURIComponent(paymentId)}/authentication`,
        method: 'POST',
      }),
      ...answerContract(processCardContract),
    }),
    createBooking: build.mutation<BookingResponse, CreateBookingArgs>({
      query: ({ idempotencyKey, seats, ...body }) => ({
        url: 'api/bookings',
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: { ...body, ...(seats.length > 0 && { seats: seatBody(seats) }) },
      }),
      ...answerContract(bookingContract),
      invalidatesTags: ['Bookings', 'User'],
    }),
  }),
});

export const { useSystemModeQuery, useProcessCardMutation, useFinishBankCheckMutation, useCreateBookingMutation } =
  bookingApi;
