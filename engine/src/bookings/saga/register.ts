import type { JobHandlerRegistry } from '../../jobs/job-queue.js';
import type { BookingDeps } from '../deps.js';
import { reconcileHandler } from '../reconcile/job.js';
import { cancelBookingHandler } from './cancel-booking.js';
import { completeTripsHandler } from './complete-trips.js';
import { createOrderHandler } from './create-order.js';
import { expirePaymentHandler, expirePaymentsHandler, voidPaymentHandler } from './holds.js';
import { recheckOfferHandler, recheckOffersHandler } from './recheck-offer.js';
import { sendConfirmationHandler } from './send-confirmation.js';
import { notifyScheduleChangeHandler } from '../schedule-changes/notify-job.js';
import { holdDeadlineHandler } from '../hold/hold-deadline.js';
import { holdEmailHandler } from '../hold/hold-email-job.js';
import { holdOrderHandler } from '../hold/hold-order.js';
import { payHoldHandler } from '../hold/pay-hold.js';
import { finishPurchaseHandler } from '../manage/finish-purchase.js';
import { expireBankCheckHandler } from '../manage/expire-bank-check.js';

/** The booking saga's job handlers: the same ones run in-process (embedded) and in `workers/` (BullMQ). */
export function registerBookingJobs(registry: JobHandlerRegistry, deps: BookingDeps): JobHandlerRegistry {
  return registry
    .register('create-order', createOrderHandler(deps))
    .register('recheck-offer', recheckOfferHandler(deps))
    .register('recheck-offers', recheckOffersHandler(deps))
    .register('cancel-booking', cancelBookingHandler(deps))
    .register('complete-trips', completeTripsHandler(deps))
    .register('void-payment', voidPaymentHandler(deps))
    .register('expire-payment', expirePaymentHandler(deps))
    .register('expire-payments', expirePaymentsHandler(deps))
    .register('reconcile', reconcileHandler(deps))
    .register('send-confirmation', sendConfirmationHandler(deps))
    .register('notify-schedule-change', notifyScheduleChangeHandler(deps))
    .register('hold-order', holdOrderHandler(deps))
    .register('pay-hold', payHoldHandler(deps))
    .register('hold-deadline', holdDeadlineHandler(deps))
    .register('hold-email', holdEmailHandler(deps))
    .register('finish-purchase', finishPurchaseHandler(deps))
    .register('expire-bank-check', expireBankCheckHandler(deps));
}
