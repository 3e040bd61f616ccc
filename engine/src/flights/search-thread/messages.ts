import type { BodyEncoding, EncodedJson } from '../cached-json.js';
import type { FlightProviderSpec } from '../provider-spec.js';
import { FlightProviderError, type FlightSearchQuery, type ProviderErrorKind } from '../provider.js';
import type { RecentOffer } from '../recent-offers.js';
import type { SearchPageRequest } from '../search-cache.js';

/** What the search thread is started with. */
export interface SearchThreadData {
  flights: FlightProviderSpec;
}

/** Engine -> search thread. */
export type ToSearchThread =
  | { id: number; type: 'answer'; params: FlightSearchQuery; request: SearchPageRequest; accepted: BodyEncoding }
  | { id: number; type: 'recent offer'; offerId: string };

/** Search thread -> engine: the answer to the request of the same id. */
export type FromSearchThread =
  | { id: number; type: 'answer'; page: EncodedJson }
  | { id: number; type: 'recent offer'; offer: RecentOffer | undefined }
  | { id: number; type: 'failed'; error: ThreadError };

/** An error as it crosses threads: a provider failure keeps its kind, status and code. */
export interface ThreadError {
  message: string;
  provider?: { kind: ProviderErrorKind; status?: number; code?: string };
}

export function threadError(error: unknown): ThreadError {
  if (!(error instanceof FlightProviderError)) {
    return { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  const { kind, message, status, providerCode } = error;
  return {
    message,
    provider: {
      kind,
      ...(status !== undefined && { status }),
      ...(providerCode !== undefined && { code: providerCode }),
    },
  };
}

export function errorFromThread({ message, provider }: ThreadError): Error {
  return provider
    ? new FlightProviderError(provider.kind, message, provider.status, provider.code)
    : new Error(message);
}
