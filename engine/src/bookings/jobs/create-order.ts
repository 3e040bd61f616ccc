import { FlightProviderError } from '../../flights/provider.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import { orderCreationRefusal } from '../decider.js';
import type { BookingDeps } from '../deps.js';
import { OrderInputError, orderInputOf } from '../order-input.js';
import { openPassengers } from '../passengers.js';
import { captureOnce, voidOnce } from '../payment-steps.js';
import type { BookingState } from '../state.js';
import { bookingCommands, jobEventContext } from './context.js';

/** Provider failures that a later try may not meet: anything else is final. */
const RETRYABLE = new Set(['timeout', 'unavailable']);

/**
 * The saga's middle step (DESIGN §4): create the provider order, capture the payment, confirm;
 * or record why not and void the authorization. Each step reads the booking first, so a
 * redelivered job resumes where the last try stopped: an existing order is never ordered again
 * and a capture is keyed by the booking, so a crash anywhere charges once at most.
 */
export function createOrderHandler(deps: BookingDeps): JobHandler<'create-order'> {
  return async ({ bookingId, correlationId }, job) => {
    const loaded = await loadBooking(deps.eventStore, bookingId);
    let state = loaded.state;
    if (!state.booking) throw new PermanentJobError(`No booking ${bookingId}`);
    const run = bookingCommands(deps, bookingId, jobEventContext(job, state.booking.brandKey, correlationId));
    const at = () => deps.clock.now().toISOString();

    const fail = async (reason: string, code: string | null) => {
      state = (await run({ type: 'RecordOrderFailure', data: { reason, code, at: at() } })).state;
      await voidAuthorization(state);
    };
    const voidAuthorization = async (current: BookingState) => {
      const payment = current.payment;
      if (payment?.status !== 'authorized') return;
      await voidOnce(deps.payments, payment.paymentId, bookingId);
      await run({
        type: 'RecordPaymentVoid',
        data: { paymentId: payment.paymentId, reason: current.failure ?? 'booking failed', at: at() },
      });
    };

    if (state.phase === 'failed') return voidAuthorization(state);
    if (state.phase === 'started' && !state.order) {
      const refusal = orderCreationRefusal(state, at());
      if (refusal) return fail(refusal.message, refusal.code);
      // A lost answer of an earlier try may have made the order already: find it before ordering again.
      const earlier = job.attempt > 1 ? await findOrder(deps, bookingId) : undefined;
      let order = earlier;
      let failure: unknown;
      try {
        order ??= await deps.flights.createOrder(
          orderInputOf(state, await openPassengers(deps.vault, state.passengers)),
        );
      } catch (error) {
        if (error instanceof OrderInputError) return fail(error.message, 'INVALID_PASSENGERS');
        failure = error;
        if (error instanceof FlightProviderError && error.kind === 'offer_unavailable') {
          order = await findOrder(deps, bookingId);
        }
      }
      if (!order) {
        const provider = failure instanceof FlightProviderError ? failure : undefined;
        if ((!provider || RETRYABLE.has(provider.kind)) && job.attempt < job.maxAttempts) throw failure;
        return fail(
          provider?.message ?? 'The flight provider is unavailable',
          provider?.providerCode ?? provider?.kind ?? null,
        );
      }
      deps.logger.info({ bookingId, orderId: order.id }, 'provider order created');
      state = (
        await run({
          type: 'RecordOrderCreated',
          data: { orderId: order.id, bookingReference: order.booking_reference, at: at() },
        })
      ).state;
    }
    if (state.phase === 'started' && state.order && state.payment) {
      if (state.payment.status === 'authorized') {
        const captured = await captureOnce(deps.payments, state.payment.paymentId, bookingId);
        state = (
          await run([
            {
              type: 'RecordPaymentCapture',
              data: { paymentId: captured.paymentId, amount: captured.amount, at: at() },
            },
            { type: 'ConfirmBooking', data: { at: at() } },
          ])
        ).state;
      } else if (state.payment.status === 'captured') {
        state = (await run({ type: 'ConfirmBooking', data: { at: at() } })).state;
      }
    }
    if (state.phase === 'confirmed') {
      await deps.jobs.enqueue(
        'send-confirmation',
        { bookingId, kind: 'confirmed', ...(correlationId && { correlationId }) },
        { jobId: `confirmation-${bookingId}` },
      );
    }
  };
}

/** The order an earlier try made for this booking; undefined when none, or when the provider cannot say now. */
async function findOrder(deps: BookingDeps, bookingId: string) {
  try {
    return await deps.flights.findOrderByMetadata('booking_id', bookingId);
  } catch (error) {
    deps.logger.warn({ bookingId, err: error }, 'could not look for an earlier order');
    return undefined;
  }
}
