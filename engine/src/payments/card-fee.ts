import type { Money } from '@contrail/shared/booking/money';
import type { PaymentGateway } from './gateway.js';

interface Warns {
  warn(details: object, message: string): void;
}

/**
 * The processor's fee on a capture or refund, to record with it; undefined when it cannot be read
 * now. A fee that cannot be read never holds up a booking: the event is recorded with a null fee,
 * and the revenue figures count that booking as incomplete rather than guess its fee.
 */
export async function cardFeeIfKnown(
  payments: Pick<PaymentGateway, 'cardFee'>,
  source: { paymentId: string } | { refundId: string },
  logger: Warns,
): Promise<Money | null> {
  try {
    return (await payments.cardFee(source)) ?? null;
  } catch (error) {
    logger.warn({ ...source, err: error }, 'could not read the card fee; recorded without it');
    return null;
  }
}
