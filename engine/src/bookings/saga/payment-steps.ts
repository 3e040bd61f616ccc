import { PaymentGatewayError, type Payment, type PaymentGateway } from '../../payments/gateway.js';
import type { HandledBooking } from '../booking-stream.js';
import type { BookingCommand } from '../domain/commands.js';
import type { BookingState } from '../domain/state.js';

/**
 * Capture and void as saga steps: each keyed by the booking, so a retry (crash, redelivery) makes
 * the same call; and a "wrong state" answer is checked against the payment as it stands, so a
 * retry after the first call went through is a success, not a failure.
 */
export async function captureOnce(gateway: PaymentGateway, paymentId: string, bookingId: string): Promise<Payment> {
  try {
    return await gateway.capture(paymentId, { idempotencyKey: `capture-${bookingId}` });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError) || error.kind !== 'invalid_state') throw error;
    const payment = await gateway.retrieve(paymentId);
    if (payment.status === 'captured') return payment;
    throw error;
  }
}

export async function voidOnce(gateway: PaymentGateway, paymentId: string, key: string): Promise<Payment> {
  try {
    return await gateway.void(paymentId, { idempotencyKey: `void-${key}`, reason: 'abandoned' });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError) || error.kind !== 'invalid_state') throw error;
    const payment = await gateway.retrieve(paymentId);
    if (payment.status === 'voided') return payment;
    throw error;
  }
}

/** A failed booking's hold, voided at the processor and recorded; nothing when there is none left to void. */
export async function voidFailedBooking(
  deps: { payments: PaymentGateway; clock: { now(): Date } },
  state: BookingState,
  run: (command: BookingCommand) => Promise<HandledBooking>,
): Promise<void> {
  if (state.phase !== 'failed' || state.payment?.status !== 'authorized') return;
  const { paymentId } = state.payment;
  await voidOnce(deps.payments, paymentId, state.booking.bookingId);
  await run({
    type: 'RecordPaymentVoid',
    data: { paymentId, reason: state.failure, at: deps.clock.now().toISOString() },
  });
}
