import { z } from 'zod';
import { moneySchema } from '@contrail/shared/booking/money-schema';
import { itinerarySchema } from './itinerary.js';
import { seatRecordSchema } from './seat-record.js';

/**
 * What a confirmed booking buys afterwards (issue 36): a change of date through the airline's
 * order change, or bags added to the order. Each purchase is paid through the card flow
 * (authorize, confirm at the airline, capture; or fail and void) and is named by `purchaseId`:
 * the airline's pending order change id, or the engine's own id for extras.
 */
const at = z.string();
const purchaseId = z.string();
const bag = z.object({
  serviceId: z.string(),
  kind: z.enum(['checked', 'carry_on']),
  passengerIds: z.array(z.string()),
  segmentIds: z.array(z.string()),
  quantity: z.number().int().min(1),
  price: moneySchema,
});

export const purchaseEventSchemas = {
  /** The traveller chose a change offer: the flights it adds and removes, the fare difference and the airline's penalty. */
  OrderChangeRequested: z.object({
    purchaseId,
    changeOfferId: z.string(),
    fareDifference: moneySchema,
    penalty: moneySchema,
    /** What the traveller pays: fare difference plus penalty. */
    amount: moneySchema,
    removedSliceIds: z.array(z.string()),
    /** The booking's flights once the change is confirmed. */
    slices: itinerarySchema.shape.slices,
    departsAt: z.string().nullable(),
    arrivesAt: z.string().nullable(),
    at,
  }),
  /** The traveller chose bags to add; `knownServiceIds`: the order's services before, so a lookup finds the new ones. */
  ExtrasRequested: z.object({
    purchaseId,
    bags: z.array(bag),
    /** Seats of the order's seat maps (absent on bags-only purchases recorded before seats were sold). */
    seats: z.array(seatRecordSchema).optional(),
    amount: moneySchema,
    knownServiceIds: z.array(z.string()),
    at,
  }),
  /**
   * The card asked for the bank's 3-D Secure check (`paymentId`: the PaymentIntent waiting for it):
   * the purchase stays requested until the traveller is back. The expire-bank-check job derived
   * from it gives the check up once BANK_CHECK_WINDOW_MINUTES have passed, and voids the payment.
   */
  PurchaseAuthenticationRequested: z.object({ purchaseId, paymentId: z.string(), at }),
  PurchasePaymentAuthorized: z.object({
    purchaseId,
    paymentId: z.string(),
    amount: moneySchema,
    cardLast4: z.string(),
    at,
  }),
  /**
   * The airline confirmed the change or added the services (`serviceIds`); `repair`: found by a
   * lookup after a lost answer. It repeats what was bought, so read models need no other event.
   */
  PurchaseConfirmed: z.object({
    purchaseId,
    serviceIds: z.array(z.string()),
    repair: z.string().optional(),
    kind: z.enum(['change', 'extras']),
    amount: moneySchema,
    change: z
      .object({
        slices: itinerarySchema.shape.slices,
        departsAt: z.string().nullable(),
        arrivesAt: z.string().nullable(),
      })
      .nullable(),
    bags: z.array(bag),
    seats: z.array(seatRecordSchema).optional(),
    at,
  }),
  /** `fee`: the payment provider's fee on the capture (null when it could not be read, or before it was kept: version 1). */
  PurchasePaymentCaptured: z.object({
    purchaseId,
    paymentId: z.string(),
    amount: moneySchema,
    fee: moneySchema.nullable(),
    at,
  }),
  /**
   * The airline's answer to the confirmation was lost and the lookup after it failed too: whether
   * the airline has the purchase is unknown. The finish-purchase job looks again, then captures or voids.
   */
  PurchaseOutcomeUnknown: z.object({ purchaseId, reason: z.string(), at }),
  /** Declined, refused by the airline, or expired: nothing changed; `voidedPaymentId`: the authorization released. */
  PurchaseFailed: z.object({
    purchaseId,
    reason: z.string(),
    code: z.string().nullable(),
    voidedPaymentId: z.string().nullable(),
    at,
  }),
};
