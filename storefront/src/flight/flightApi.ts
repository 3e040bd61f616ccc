import type { FlightOffer } from '@contrail/shared/flights/offer';
import type { SeatMapView } from '@contrail/shared/flights/seat-map';
import { OFFER_EXPIRED_MESSAGE, apiErrorMessage } from '@contrail/shared/flights/verify-offer-messages';
import type { VerifyOfferResult } from '@contrail/shared/flights/verify-offer';
import { api, baseQuery, parsedAnswer } from '../app/api';
import { lazyContract } from '../app/lazy-contract';
import { withContext, type ApiError } from '../app/api-error';

/** The engine answers the offer itself; a `{ data }` envelope is read the same way. */
function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body && !('id' in body)) return (body as { data: T }).data;
  return body as T;
}

/**
 * Seed 000 §3/§8 verification: valid, expired (HTTP 410, its default message) or an error whose
 * server message is passed through when present.
 */
export function verifyResultFromError(offerId: string, error: ApiError): VerifyOfferResult {
  const status = typeof error.status === 'number' ? error.status : null;
  const base = { valid: false, offer_id: offerId, expires_at: null, minutes_remaining: 0 } as const;
  if (status === 410) {
    return { ...base, error: 'OFFER_EXPIRED', message: error.serverMessage ?? OFFER_EXPIRED_MESSAGE };
  }
  if (status === null) return { ...base, error: 'NO_RESPONSE', message: error.message };
  return {
    ...base,
    error: error.code === 'OFFER_EXPIRED' ? 'OFFER_EXPIRED' : 'API_ERROR',
    message: error.serverMessage ?? apiErrorMessage(status),
  };
}

const verifyContract = lazyContract(
  async () => (await import('@contrail/shared/flights/verify-offer')).verifyOfferResultSchema,
);
const offerContract = lazyContract(async () => (await import('@contrail/shared/flights/offer')).flightOfferSchema);
const seatMapsContract = lazyContract(
  async () => (await import('@contrail/shared/flights/seat-map')).seatMapListSchema,
);

export const flightApi = api.injectEndpoints({
  endpoints: (build) => ({
    flightOffer: build.query<FlightOffer, string>({
      query: (id) => `api/flights/offer/${encodeURIComponent(id)}`,
      transformResponse: (body: unknown) => unwrap<FlightOffer>(body),
      responseSchema: offerContract,
      onQueryStarted: () => offerContract.prefetch(),
      transformErrorResponse: (error: ApiError) => withContext('Unable to retrieve flight offer', error),
    }),
    seatMaps: build.query<SeatMapView[], string>({
      query: (id) => `api/flights/seatmaps/${encodeURIComponent(id)}`,
      // Seed 000 §7: an empty result becomes an empty list.
      transformResponse: (body: unknown) => unwrap<SeatMapView[] | null>(body) ?? [],
      responseSchema: seatMapsContract,
      onQueryStarted: () => seatMapsContract.prefetch(),
      transformErrorResponse: (error: ApiError) => withContext('Unable to retrieve seat maps', error),
    }),
    verifyOffer: build.query<VerifyOfferResult, string>({
      async queryFn(id, queryApi, extra) {
        verifyContract.prefetch();
        const result = await baseQuery(`api/flights/verify-offer/${encodeURIComponent(id)}`, queryApi, extra);
        if (result.error) return { data: verifyResultFromError(id, result.error) };
        const answer = await parsedAnswer(verifyContract, result.data);
        if ('error' in answer) {
          return {
            data: {
              valid: false,
              message: 'Unexpected response',
              error: 'UNEXPECTED_RESPONSE',
              offer_id: id,
              expires_at: null,
              minutes_remaining: null,
            },
          };
        }
        return { data: answer.data };
      },
      // Validity must be asked fresh each visit, never served from an old answer.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useFlightOfferQuery, useSeatMapsQuery, useVerifyOfferQuery } = flightApi;
