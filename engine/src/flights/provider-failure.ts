import { OFFER_EXPIRED_MESSAGE } from '@contrail/shared';
import { HttpError } from '../http/errors.js';
import { FlightProviderError } from './provider.js';

/** A provider failure as the API answers it, without saying which provider. */
export function providerFailure(error: unknown): HttpError {
  if (!(error instanceof FlightProviderError))
    return new HttpError(502, 'The flight provider is unavailable', 'PROVIDER_ERROR');
  switch (error.kind) {
    case 'not_found':
      return new HttpError(404, 'Flight offer not found', 'OFFER_NOT_FOUND');
    case 'offer_unavailable':
      return new HttpError(410, OFFER_EXPIRED_MESSAGE, 'OFFER_EXPIRED');
    case 'price_changed':
      return new HttpError(409, 'The price of this offer has changed', 'PRICE_CHANGED');
    case 'invalid':
      return new HttpError(400, `The flight provider refused the request: ${error.message}`, 'PROVIDER_REJECTED');
    case 'rate_limited':
      return new HttpError(
        503,
        'The flight provider is busy right now. Please try again in a minute.',
        'PROVIDER_BUSY',
      );
    case 'timeout':
      return new HttpError(504, 'The flight provider did not answer in time', 'PROVIDER_TIMEOUT');
    default:
      return new HttpError(502, 'The flight provider is unavailable', 'PROVIDER_ERROR');
  }
}
