import { HOLD_REMINDER_NAMES } from '@contrail/shared/booking/hold';
import { moneySchema } from '@contrail/shared/booking/money-schema';
import { z } from 'zod';

/**
 * The events of hold now, pay later (issue 36), spread into the booking's event schemas: a
 * checkout asks the airline to hold the fare instead of paying it, the airline holds it as an
 * order awaiting payment until `paymentRequiredBy`, the traveller pays it later with a card (the
 * airline first, then the capture) or the hold runs out.
 */
const at = z.string();
const repair = z.string().optional();

export const holdEventSchemas = {
  /** The traveller asked to hold the offer's price (the offer's payment requirements allow it). */
  HoldRequested: z.object({ paymentRequiredBy: z.string(), priceGuaranteeExpiresAt: z.string().nullable(), at }),
  /**
   * The airline holds the fare as an order awaiting payment: `providerTotal` is what paying the
   * airline costs, `price` the traveller's price for it (the brand's pricing applied).
   */
  OrderHeld: z.object({
    orderId: z.string(),
    bookingReference: z.string(),
    providerTotal: moneySchema,
    price: moneySchema,
    paymentRequiredBy: z.string(),
    priceGuaranteeExpiresAt: z.string().nullable(),
    repair,
    at,
  }),
  /** The traveller's card is authorized (not captured) for the held price: the airline is paid next. */
  HoldPaymentAuthorized: z.object({ paymentId: z.string(), amount: moneySchema, cardLast4: z.string(), at }),
  /** The airline accepted the payment of the held order (Duffel's `air/payments`): it is ticketed. */
  HoldPaid: z.object({ airlinePaymentId: z.string(), amount: moneySchema, repair, at }),
  /** The airline answered the payment with a new total (`price_changed`): paying now costs `price`. */
  HoldPriceChanged: z.object({ providerTotal: moneySchema, price: moneySchema, at }),
  /** The traveller was reminded of the deadline (once per reminder). */
  HoldReminderSent: z.object({ reminder: z.enum(HOLD_REMINDER_NAMES as ['24h', '2h']), at }),
  /** The hold ran out unpaid: the airline released the seats. */
  HoldExpired: z.object({ reason: z.string(), at }),
};
