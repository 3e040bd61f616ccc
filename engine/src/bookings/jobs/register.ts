import type { JobHandlerRegistry } from '../../jobs/job-queue.js';
import type { BookingDeps } from '../deps.js';
import { cancelBookingHandler } from './cancel-booking.js';
import { completeTripsHandler } from './complete-trips.js';
import { createOrderHandler } from './create-order.js';
import { recheckOfferHandler, recheckOffersHandler } from './recheck-offer.js';
import { sendConfirmationHandler } from './send-confirmation.js';

/** The booking saga's job handlers: the same ones run in-process (embedded) and in `workers/` (BullMQ). */
export function registerBookingJobs(registry: JobHandlerRegistry, deps: BookingDeps): JobHandlerRegistry {
  return registry
    .register('create-order', createOrderHandler(deps))
    .register('recheck-offer', recheckOfferHandler(deps))
    .register('recheck-offers', recheckOffersHandler(deps))
    .register('cancel-booking', cancelBookingHandler(deps))
    .register('complete-trips', completeTripsHandler(deps))
    .register('send-confirmation', sendConfirmationHandler(deps));
}
