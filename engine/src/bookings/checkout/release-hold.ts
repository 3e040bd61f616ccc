import type { Clock } from '../../clock.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import type { EventContext } from '../../eventstore/metadata.js';
import type { Logger } from '../../logging/logger.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import { voidOnce } from '../saga/payment-steps.js';
import { PaymentClaims, type LoadedPayment } from './payment-claims.js';

interface HoldDeps {
  eventStore: EventStore;
  clock: Clock;
  payments: PaymentGateway;
  logger: Logger;
}

export interface HoldOwner {
  brandKey: string;
  offerId: string;
  /** The booking whose request claimed it and died before the booking started. */
  claimedBy?: string;
  /**
   * The payment as the caller read it before deciding to release it (a sweep that then looked at
   * the booking): released only if nothing was recorded on it since, such as a resumed claim.
   */
  asRead?: LoadedPayment;
}

/**
 * Gives back a card authorization that can no longer serve a booking: recorded as released
 * (only if it is this brand's and offer's and no booking holds it), then voided. The void is tried
 * at once; should it fail, the saga processor voids every released hold (saga/reactions.ts).
 */
export async function releaseHold(
  deps: HoldDeps,
  paymentId: string,
  reason: string,
  context: EventContext,
  owner: HoldOwner,
): Promise<boolean> {
  const claims = new PaymentClaims(deps.eventStore, deps.clock);
  const loaded = owner.asRead ?? (await claims.load(paymentId));
  const record = loaded.state;
  if (record.status === 'none') return false;
  const { brandKey, offerId } = record.authorization;
  if (brandKey !== owner.brandKey || offerId !== owner.offerId) return false;
  const fenced = owner.asRead !== undefined;
  if (!(await claims.release(paymentId, reason, context, owner.claimedBy, loaded, fenced))) return false;
  await voidOnce(deps.payments, paymentId, `release-${paymentId}`).catch((error: unknown) =>
    deps.logger.warn({ paymentId, err: error }, 'could not void a released hold yet; the saga will'),
  );
  return true;
}
