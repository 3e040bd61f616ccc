import { createHash } from 'node:crypto';
import type { CardDetailsInput } from '@contrail/shared/booking/contracts';
import { AFTER_SALE_MESSAGES, type PurchaseAnswer } from '@contrail/shared/booking/after-sale';
import { decimalAmount, type Money } from '@contrail/shared/booking/money';
import { AUTHENTICATION_REQUIRED } from '@contrail/shared/booking/refusal-codes';
import type { EventContext } from '../../eventstore/metadata.js';
import { FlightProviderError } from '../../flights/provider.js';
import { cardFeeIfKnown } from '../../payments/card-fee.js';
import { handleBookingCommands } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import type { BookingCommand } from '../domain/commands.js';
import type { OpenPurchase } from '../domain/purchase-state.js';
import { sagaStep } from '../saga/steps.js';
import type { AirlineLookup } from './purchase-lookup.js';

export type { AirlineLookup } from './purchase-lookup.js';

export interface PurchaseAtAirline {
  /** Confirms the change or adds the services, paying the airline; answers the order's new service ids. */
  confirm(): Promise<string[]>;
  /** Whether an earlier confirm went through. A failing lookup is thrown, never read as "no". */
  lookup(): Promise<AirlineLookup>;
}

/** Provider answers that may hide a confirmation: they are resolved by a lookup before any void. */
const AMBIGUOUS = new Set(['timeout', 'unavailable', 'rate_limited']);

/** Where a purchase's facts are recorded: its booking, and the request or job recording them. */
export interface PurchaseScope {
  deps: BookingDeps;
  bookingId: string;
  context: EventContext;
}

export interface Run extends PurchaseScope {
  purchase: OpenPurchase;
  card: CardDetailsInput | undefined;
  airline: PurchaseAtAirline;
  context: EventContext;
  success: string;
  /** Where the bank's 3-D Secure check sends the traveller back (absent: such a card is refused). */
  returnUrl?: string;
  /** The card was authorized through the bank's check (the traveller is back): recorded, not asked again. */
  authenticated?: { paymentId: string; cardLast4: string };
}

export const BANK_CHECK_MESSAGE = 'Your bank asks you to confirm this payment.';

const record = (run: PurchaseScope, command: BookingCommand, retriesOnConflict = 0) =>
  handleBookingCommands(run.deps.eventStore, run.bookingId, command, {
    context: run.context,
    clock: run.deps.clock,
    retriesOnConflict,
  });
/**
 * A failure is decided again when another writer got there first (the bank check's timed job, the
 * traveller's next request, the job run twice): failing a settled purchase changes nothing. Other
 * reports are not retried: decided again after the purchase failed, they would change nothing
 * and their caller would go on as if recorded.
 */
const FAILURE_RETRIES = 5;
const now = (run: PurchaseScope) => run.deps.clock.now().toISOString();

/** One authorization per purchase and card: a retry with the same card gets the first answer again. */
function keyOf(purchaseId: string, card: CardDetailsInput, step: string): string {
  const cardHash = createHash('sha256')
    .update(`${card.number}|${card.expiryMonth}|${card.expiryYear}`)
    .digest('hex')
    .slice(0, 16);
  return `purchase-${purchaseId}-${cardHash}-${step}`;
}

function answer(status: number, success: boolean, message: string, run: Run): { status: number; body: PurchaseAnswer } {
  const { purchaseId, amount } = run.purchase;
  const kind = run.purchase.change ? 'change' : 'extras';
  return {
    status,
    body: {
      success,
      message,
      purchase: {
        purchaseId,
        kind,
        amount: decimalAmount(amount.amount, amount.currency),
        currency: amount.currency,
        at: now(run),
      },
    },
  };
}

const fail = (run: Run, reason: string, code: string | null, paymentId: string | null) =>
  failPurchase(run, run.purchase.purchaseId, { reason, code, paymentId });

/** The purchase is not at the airline: its authorization (if any) is voided, then the failure recorded. */
export async function failPurchase(
  scope: PurchaseScope,
  purchaseId: string,
  why: { reason: string; code: string | null; paymentId: string | null },
): Promise<void> {
  const { reason, code, paymentId } = why;
  if (paymentId)
    await scope.deps.payments.void(paymentId, { idempotencyKey: `purchase-${purchaseId}-void`, reason: 'abandoned' });
  await record(
    scope,
    { type: 'RecordPurchaseFailure', data: { purchaseId, reason, code, voidedPaymentId: paymentId, at: now(scope) } },
    FAILURE_RETRIES,
  );
}

/** The airline has the purchase: its authorization is captured (once, by key), then that recorded. */
export async function capturePurchase(
  scope: PurchaseScope,
  purchase: Pick<OpenPurchase, 'purchaseId' | 'amount'>,
  paymentId: string,
): Promise<void> {
  const captured = await scope.deps.payments.capture(paymentId, {
    idempotencyKey: `purchase-${purchase.purchaseId}-capture`,
  });
  sagaStep('purchase-captured');
  const amount: Money = { amount: captured.received || purchase.amount.amount, currency: purchase.amount.currency };
  const fee = await cardFeeIfKnown(scope.deps.payments, { paymentId }, scope.deps.logger);
  await record(scope, {
    type: 'RecordPurchaseCapture',
    data: { purchaseId: purchase.purchaseId, paymentId, amount, fee, at: now(scope) },
  });
}

async function recordAuthorization(run: Run, paymentId: string, cardLast4: string): Promise<{ paymentId: string }> {
  sagaStep('purchase-authorized');
  await record(run, {
    type: 'RecordPurchaseAuthorization',
    data: { purchaseId: run.purchase.purchaseId, paymentId, amount: run.purchase.amount, cardLast4, at: now(run) },
  });
  return { paymentId };
}

async function authorize(
  run: Run,
): Promise<{ paymentId: string } | { refused: { status: number; body: PurchaseAnswer } }> {
  const { purchase, card, deps } = run;
  if (run.authenticated) return recordAuthorization(run, run.authenticated.paymentId, run.authenticated.cardLast4);
  if (!card) return { refused: answer(400, false, AFTER_SALE_MESSAGES.cardRequired, run) };
  const result = await deps.payments.authorize({
    amount: purchase.amount,
    card,
    idempotencyKey: keyOf(purchase.purchaseId, card, 'authorize'),
    description: `Booking ${run.bookingId}: ${purchase.change ? 'change of flights' : 'bags'}`,
    metadata: { booking_id: run.bookingId, purchase_id: purchase.purchaseId },
    ...(run.returnUrl && { returnUrl: run.returnUrl }),
  });
  if (result.outcome === 'authorized')
    return recordAuthorization(run, result.payment.paymentId, result.payment.cardLast4 ?? card.number.slice(-4));
  // The bank's check: the purchase stays requested until the traveller is back (purchase-authentication.ts).
  // Recorded, so the check is given up on time even if the traveller never comes back (expire-bank-check.ts).
  if (result.outcome === 'requires_action' && run.returnUrl) {
    const { paymentId, redirectUrl } = result;
    await record(run, {
      type: 'RecordPurchaseAuthenticationRequest',
      data: { purchaseId: purchase.purchaseId, paymentId, at: now(run) },
    });
    const { status, body } = answer(202, false, BANK_CHECK_MESSAGE, run);
    return { refused: { status, body: { ...body, error: AUTHENTICATION_REQUIRED, paymentId, redirectUrl } } };
  }
  // Nothing is held: a decline, or a card that needs 3-D Secure without a way back.
  const message =
    result.outcome === 'declined' ? result.message : 'This card needs an authentication step. Please use another card.';
  const code = result.outcome === 'declined' ? result.code : 'authentication_required';
  await fail(run, message, code, result.outcome === 'requires_action' ? result.paymentId : null);
  return { refused: answer(402, false, message, run) };
}

/** Confirms at the airline; a lost answer is looked up: a failed lookup leaves the purchase open (never voided). */
async function confirmAtAirline(run: Run, paymentId: string | null): Promise<'confirmed' | 'failed' | 'unknown'> {
  const data = (serviceIds: string[], repair?: string) => ({
    purchaseId: run.purchase.purchaseId,
    serviceIds,
    ...(repair && { repair }),
    at: now(run),
  });
  try {
    const serviceIds = await run.airline.confirm();
    sagaStep('purchase-airline-answered');
    await record(run, { type: 'RecordPurchaseConfirmed', data: data(serviceIds) });
    return 'confirmed';
  } catch (error) {
    if (!(error instanceof FlightProviderError)) throw error;
    if (!AMBIGUOUS.has(error.kind)) {
      await fail(run, error.message, error.providerCode ?? error.kind, paymentId);
      return 'failed';
    }
    let found: AirlineLookup;
    try {
      found = await run.airline.lookup();
    } catch (lookupError) {
      // Recorded, so a job (finish-purchase) resolves it even if the traveller never asks again.
      const reason = `${error.message}; the lookup failed: ${(lookupError as Error).message}`;
      await record(run, {
        type: 'RecordPurchaseOutcomeUnknown',
        data: { purchaseId: run.purchase.purchaseId, reason: reason.slice(0, 500), at: now(run) },
      });
      return 'unknown';
    }
    if (!found.confirmed) {
      await fail(run, error.message, error.providerCode ?? error.kind, paymentId);
      return 'failed';
    }
    await record(run, {
      type: 'RecordPurchaseConfirmed',
      data: data(found.serviceIds, `found by a lookup after: ${error.message}`),
    });
    return 'confirmed';
  }
}

/**
 * A purchase whose card was authorized by an earlier attempt: that attempt may have confirmed at
 * the airline before it died (or lost the answer), so the airline is asked before it is asked to
 * confirm again; a second confirmation would be refused and read as a failure.
 */
async function resumeAtAirline(run: Run, paymentId: string | null): Promise<'confirmed' | 'failed' | 'unknown'> {
  let found: AirlineLookup;
  try {
    found = await run.airline.lookup();
  } catch (error) {
    await record(run, {
      type: 'RecordPurchaseOutcomeUnknown',
      data: {
        purchaseId: run.purchase.purchaseId,
        reason: `resumed, and the lookup failed: ${(error as Error).message}`.slice(0, 500),
        at: now(run),
      },
    });
    return 'unknown';
  }
  // Once the outcome was recorded unknown, finish-purchase owns it: confirming here could race its void.
  if (!found.confirmed) return run.purchase.outcomeUnknown ? 'unknown' : confirmAtAirline(run, paymentId);
  await record(run, {
    type: 'RecordPurchaseConfirmed',
    data: {
      purchaseId: run.purchase.purchaseId,
      serviceIds: found.serviceIds,
      repair: 'found by a lookup when the purchase was resumed',
      at: now(run),
    },
  });
  return 'confirmed';
}

/**
 * Pays for an open purchase the card way: authorize exactly the amount shown, confirm at the
 * airline, capture. Each step is recorded before the next, so a retry resumes where the last
 * attempt stopped; an authorization is voided only once the airline is known not to have confirmed.
 */
export async function payForPurchase(run: Run): Promise<{ status: number; body: PurchaseAnswer }> {
  const { purchase } = run;
  let paymentId = purchase.paymentId;
  if (purchase.status === 'requested' && purchase.amount.amount > 0) {
    const authorized = await authorize(run);
    if ('refused' in authorized) return authorized.refused;
    paymentId = authorized.paymentId;
  }
  if (purchase.status !== 'confirmed') {
    const outcome =
      purchase.status === 'authorized' ? await resumeAtAirline(run, paymentId) : await confirmAtAirline(run, paymentId);
    if (outcome === 'unknown') return answer(202, true, AFTER_SALE_MESSAGES.pending, run);
    if (outcome === 'failed')
      return answer(409, false, 'The airline could not make this change. Your card was not charged.', run);
  }
  if (paymentId) await capturePurchase(run, purchase, paymentId);
  return answer(200, true, run.success, run);
}
