/**
 * The named steps of the booking saga where a process may die, in order. Nothing happens at a
 * step in production; the chaos suite installs a probe that kills the process right there, to
 * prove that the next attempt or the reconciler finishes what the dead process started.
 */
export type SagaStep =
  /** process-card: the processor authorized the card; nothing is recorded yet. */
  | 'authorization-answered'
  /** POST /api/bookings: the payment is claimed for the booking; no booking event yet. */
  | 'payment-claimed'
  /** POST /api/bookings: the booking's events are appended; nothing else happened. */
  | 'booking-recorded'
  /** create-order: the provider answered with the order; it is not recorded yet. */
  | 'order-answered'
  /** create-order: the payment is captured; the capture is not recorded yet. */
  | 'payment-captured'
  /** A purchase after booking (issue 36): its card is authorized; nothing is recorded yet. */
  | 'purchase-authorized'
  /** A purchase after booking: the airline confirmed it (change, bags, seats); not recorded yet. */
  | 'purchase-airline-answered'
  /** A purchase after booking: the airline's answer was lost and looked up again (finish-purchase); not recorded yet. */
  | 'purchase-looked-up'
  /** A purchase after booking: its payment is captured; the capture is not recorded yet. */
  | 'purchase-captured'
  /** Pay Now of a held trip (POST /api/bookings/:id/pay): the card is authorized; nothing is recorded yet. */
  | 'hold-card-authorized'
  /** Pay Now of a held trip (pay-hold): the airline is paid; not recorded yet. */
  | 'hold-airline-paid'
  /** Pay Now of a held trip (pay-hold): the card is captured; not recorded yet. */
  | 'hold-payment-captured'
  /** Pay Now of a held trip (pay-hold): the airline was not paid, the card is voided; the void is not recorded yet. */
  | 'hold-payment-voided'
  /** expire-bank-check: the purchase whose bank check ran out is recorded failed; its payment is not voided yet. */
  | 'bank-check-given-up';

let probe: (step: SagaStep) => void = () => {};

export function sagaStep(step: SagaStep): void {
  probe(step);
}

/** For the chaos suite's process entry only (test-support/chaos-entry.ts). */
export function installSagaProbe(next: (step: SagaStep) => void): void {
  probe = next;
}
