import type { FlightProvider, ProviderCancellation, ProviderOrder } from '../../flights/provider.js';
import type { Logger } from '../../logging/logger.js';

import { retry } from '@contrail/shared/time/retry';

const LOOKUP_TRIES = 3;

/**
 * The order the provider holds for a booking (orders carry the booking id in their metadata), or
 * undefined when it has none: a proof of absence. A lookup that fails is tried again, a few times,
 * then thrown: never read as "no order".
 */
export async function lookUpOrder(
  flights: FlightProvider,
  bookingId: string,
  logger: Logger,
): Promise<ProviderOrder | undefined> {
  return retry(() => flights.findOrderByMetadata('booking_id', bookingId), {
    firstMs: 250,
    retryIf: ({ attempt }) => attempt < LOOKUP_TRIES,
    onRetry: ({ attempt, error }) =>
      logger.warn({ bookingId, attempt, err: error }, 'could not look for the order of a booking; trying again'),
  });
}

/**
 * The confirmed cancellation of an order: the quote the traveller accepted (or a new one) confirmed,
 * or the one an earlier (crashed) try confirmed.
 */
export async function confirmedCancellation(
  flights: FlightProvider,
  orderId: string,
  quoteId?: string,
): Promise<ProviderCancellation> {
  const current = await flights.getOrder(orderId);
  if (current.cancelled_at) {
    const raw = current.raw as { cancellation?: ProviderCancellation & { refund_amount: string | null } };
    if (raw.cancellation) return raw.cancellation;
  }
  if (quoteId) return flights.confirmCancellation(quoteId);
  const quote = await flights.quoteCancellation(orderId);
  return flights.confirmCancellation(quote.id);
}
