import { cardFeeIfKnown } from '../../payments/card-fee.js';
import type { Payment } from '../../payments/gateway.js';
import { PaymentClaims } from '../checkout/payment-claims.js';
import { releaseHold } from '../checkout/release-hold.js';
import type { CardPaymentState } from '../domain/card-payment.js';
import type { StartedState } from '../domain/state.js';
import { UNUSED_HOLD_GRACE_MS } from '../saga/reactions.js';
import { voidOnce } from '../saga/payment-steps.js';
import type { ReconciliationRun } from './run.js';
import { checkPurchasePayment } from './purchase-payments.js';
import { checkHoldPayment } from '../hold/reconcile-hold.js';

const OFFER_LIFETIME_MS = 30 * 60_000;
const CONFIRMED_LIKE = new Set(['confirmed', 'cancelling', 'cancelled', 'completed']);

/**
 * Every authorization against the processor: a hold belongs to a live checkout or is voided within
 * minutes of its offer's expiry; a capture belongs to exactly one confirmed booking.
 */
export async function checkPayment(run: ReconciliationRun, paymentId: string): Promise<void> {
  const claims = new PaymentClaims(run.deps.eventStore, run.deps.clock);
  const record = await claims.read(paymentId);
  let payment;
  try {
    payment = await run.deps.payments.retrieve(paymentId);
  } catch (error) {
    run.notChecked(
      { kind: 'payment-unreadable', paymentId, detail: 'the processor could not say how the payment stands' },
      error,
    );
    return;
  }
  run.providerPayments.set(paymentId, payment);
  const claimedBy = record.status === 'claimed' || record.status === 'released' ? ownerOf(record) : null;
  // A held trip's Pay Now authorizes without process-card: its booking is in the payment's metadata.
  const ownerId = claimedBy ?? (record.status === 'none' ? (payment.metadata.booking_id ?? null) : null);
  const loaded = ownerId ? await run.booking(ownerId) : null;
  const owner = loaded && loaded.state.phase !== 'none' ? loaded.state : null;
  const base = { paymentId, bookingId: ownerId };
  if (owner?.phase === 'held' || owner?.phase === 'expired')
    return checkHoldPayment(run, owner, payment, loaded?.lastAt ?? null);

  if (payment.status === 'authorized') return held(run, record, owner, base, loaded?.lastAt ?? null);
  if (payment.status === 'captured') return captured(run, owner, base, loaded?.lastAt ?? null);
  if (payment.status === 'voided') return voided(run, record, owner, base);
}

/**
 * A payment the processor holds for a checkout that nothing here recorded: the engine died between
 * the processor's answer and recording it, and the traveller never asked again with the same
 * Idempotency-Key (which would have recorded it). Once its offer can no longer be booked, it is
 * recorded, so that the hold has a history, and released and voided like any unused hold.
 */
export async function checkUnrecordedPayment(run: ReconciliationRun, payment: Payment): Promise<void> {
  const { paymentId } = payment;
  if (payment.metadata.purchase_id) return checkPurchasePayment(run, payment);
  const claims = new PaymentClaims(run.deps.eventStore, run.deps.clock);
  if ((await claims.read(paymentId)).status !== 'none') return checkPayment(run, paymentId);
  run.providerPayments.set(paymentId, payment);
  const base = { paymentId, bookingId: null };
  if (payment.status === 'captured')
    return run.mismatch({
      ...base,
      kind: 'capture-without-booking',
      detail: 'the card was captured but was never recorded here',
    });
  const bookable = Date.parse(payment.createdAt) + OFFER_LIFETIME_MS + UNUSED_HOLD_GRACE_MS;
  if (run.options.now.getTime() < bookable) return;
  if (payment.status === 'incomplete' && !payment.failure)
    return run.repair(
      { ...base, kind: 'abandoned-authentication', detail: 'a 3-D Secure challenge was never finished' },
      'cancel the payment',
      async () => {
        await voidOnce(run.deps.payments, paymentId, `abandoned-${paymentId}`);
      },
    );
  if (payment.status !== 'authorized') return;
  const owner = { brandKey: payment.metadata.brand ?? '', offerId: payment.metadata.offer_id ?? '' };
  return run.repair(
    { ...base, kind: 'unrecorded-hold', detail: 'the processor holds an authorization that was never recorded' },
    'record, release and void the hold',
    async () => {
      const authorization = {
        paymentId,
        ...owner,
        amount: payment.amount,
        cardLast4: payment.cardLast4 ?? '',
        offerExpiresAt: null,
        at: payment.createdAt,
      };
      await claims.recordAuthorization(authorization, run.context);
      await releaseHold(
        run.deps,
        paymentId,
        'never recorded; unused when its offer expired (reconciler)',
        run.context,
        owner,
      );
    },
  );
}

function ownerOf(record: CardPaymentState): string | null {
  if (record.status === 'claimed') return record.bookingId;
  if (record.status === 'released') return record.claimedBy;
  return null;
}

async function held(
  run: ReconciliationRun,
  record: CardPaymentState,
  owner: StartedState | null,
  base: { paymentId: string; bookingId: string | null },
  lastAt: string | null,
): Promise<void> {
  const { paymentId } = base;
  if (owner?.phase === 'started') return;
  if (owner?.phase === 'failed') {
    if (!run.settled(lastAt)) return;
    const reason = `${owner.failure}; voided by the reconciler`;
    return run.repair(
      { ...base, kind: 'hold-of-failed-booking', detail: 'a failed booking still holds the card' },
      'void the hold',
      async () => {
        await voidOnce(run.deps.payments, paymentId, owner.booking.bookingId);
        await run.run(owner.booking.bookingId)({
          type: 'RecordPaymentVoid',
          data: { paymentId, reason, at: run.deps.clock.now().toISOString() },
        });
      },
    );
  }
  if (owner)
    return run.mismatch({
      ...base,
      kind: 'confirmed-without-capture',
      detail: `a ${owner.phase} booking's payment is only authorized`,
    });
  if (record.status === 'none') return;
  if (record.status === 'released') {
    return run.repair(
      { ...base, kind: 'released-hold-not-voided', detail: 'a released authorization still holds the card' },
      'void the hold',
      () => voidOnce(run.deps.payments, paymentId, `release-${paymentId}`),
    );
  }
  const { authorization } = record;
  const expiresAt =
    Date.parse(authorization.offerExpiresAt ?? authorization.at) +
    (authorization.offerExpiresAt ? 0 : OFFER_LIFETIME_MS);
  if (run.options.now.getTime() < expiresAt + UNUSED_HOLD_GRACE_MS) return;
  const claimedBy = record.status === 'claimed' ? record.bookingId : undefined;
  return run.repair(
    { ...base, kind: 'unused-hold', detail: 'no booking took this authorization before its offer expired' },
    'release and void the hold',
    () =>
      releaseHold(run.deps, paymentId, 'unused when its offer expired (reconciler)', run.context, {
        brandKey: authorization.brandKey,
        offerId: authorization.offerId,
        ...(claimedBy && { claimedBy }),
      }),
  );
}

async function captured(
  run: ReconciliationRun,
  owner: StartedState | null,
  base: { paymentId: string; bookingId: string | null },
  lastAt: string | null,
): Promise<void> {
  if (owner && CONFIRMED_LIKE.has(owner.phase) && owner.payment?.status === 'captured') return;
  if (owner?.phase === 'started' && !run.settled(lastAt)) return;
  if (owner?.phase === 'started' && owner.order) {
    const bookingId = owner.booking.bookingId;
    const payment = owner.payment!;
    return run.repair(
      {
        ...base,
        kind: 'capture-not-recorded',
        detail: 'the card was captured for an ordered booking that does not say so',
      },
      'record the capture and confirm',
      async () =>
        run.run(bookingId)([
          {
            type: 'RecordPaymentCapture',
            data: {
              paymentId: payment.paymentId,
              amount: payment.amount,
              fee: await cardFeeIfKnown(run.deps.payments, { paymentId: payment.paymentId }, run.deps.logger),
              repair: 'captured at the processor (reconciler)',
              at: run.deps.clock.now().toISOString(),
            },
          },
          { type: 'ConfirmBooking', data: { at: run.deps.clock.now().toISOString() } },
        ]),
    );
  }
  run.mismatch({
    ...base,
    kind: 'capture-without-booking',
    detail: 'the card was captured but no confirmed booking holds the payment',
  });
}

async function voided(
  run: ReconciliationRun,
  record: CardPaymentState,
  owner: StartedState | null,
  base: { paymentId: string; bookingId: string | null },
): Promise<void> {
  const { paymentId } = base;
  if (owner?.phase === 'failed') {
    if (owner.payment?.status !== 'authorized') return;
    return run.repair(
      {
        ...base,
        kind: 'void-not-recorded',
        detail: 'the hold of a failed booking was voided but the booking does not say so',
      },
      'record the void',
      () =>
        run.run(owner.booking.bookingId)({
          type: 'RecordPaymentVoid',
          data: { paymentId, reason: 'voided at the processor (reconciler)', at: run.deps.clock.now().toISOString() },
        }),
    );
  }
  // A held trip may give one Pay Now card back and be paid with another: the earlier card is no mismatch.
  const earlierPayNow = record.status === 'none' && owner?.payment && owner.payment.paymentId !== paymentId;
  if (owner && !earlierPayNow)
    return run.mismatch({
      ...base,
      kind: 'hold-voided-under-booking',
      detail: `the hold of a ${owner.phase} booking was voided`,
    });
  if (record.status !== 'authorized' && record.status !== 'claimed') return;
  const claims = new PaymentClaims(run.deps.eventStore, run.deps.clock);
  const claimedBy = record.status === 'claimed' ? record.bookingId : undefined;
  return run.repair(
    {
      ...base,
      kind: 'release-not-recorded',
      detail: 'an unused authorization was voided but is not recorded as released',
    },
    'record the release',
    () => claims.release(paymentId, 'voided at the processor (reconciler)', run.context, claimedBy),
  );
}
