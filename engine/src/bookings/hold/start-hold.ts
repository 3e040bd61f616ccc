import { createHash, randomUUID } from 'node:crypto';
import {
  HOLD_NOT_AVAILABLE_MESSAGE,
  holdRequestSchema,
  isHoldable,
  type HoldAnswer,
} from '@contrail/shared/booking/hold';
import type { BrandDirectory } from '../../brands/brand-directory.js';
import type { Clock } from '../../clock.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import type { EventContext } from '../../eventstore/metadata.js';
import type { FlightProvider } from '../../flights/provider.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { parseInput } from '../../http/errors.js';
import { handleBookingCommands, loadBooking } from '../booking-stream.js';
import { saveContact } from '../checkout/contacts.js';
import { checkPrice } from '../checkout/price-check.js';
import { checkedTravellers, offerOnSale, startBookingOf } from '../checkout/checkout-offer.js';
import { Refusal } from '../domain/refusals.js';
import { sealPassengers } from '../pii/passengers.js';
import type { PiiVault } from '../pii/vault.js';

/** The ports starting a hold uses (BookingDeps has them). */
export interface HoldPorts {
  sql: SqlExecutor;
  eventStore: EventStore;
  flights: FlightProvider;
  brands: BrandDirectory;
  vault: PiiVault;
  clock: Clock;
}

export interface HoldCall {
  brandKey: string;
  userId: string;
  body: unknown;
  idempotencyKey: string | undefined;
  context: EventContext;
}

export const HOLD_REQUESTED_MESSAGE = 'We are asking the airline to hold this price. Your trip will show in My Trips.';

/**
 * `POST /api/bookings/hold` (issue 36): checks the offer may be held and the travellers, then
 * records the checkout and its hold request; the saga asks the airline (hold/hold-order.ts).
 * With an Idempotency-Key the booking id follows from it, so a repeat finds the same booking.
 */
export async function startHold(deps: HoldPorts, call: HoldCall): Promise<{ status: number; body: HoldAnswer }> {
  const request = parseInput(holdRequestSchema, call.body);
  const key = call.idempotencyKey?.trim().slice(0, 255);
  const bookingId = key ? idFromKey(`${call.brandKey}\n${call.userId}\n${key}`) : randomUUID();
  const existing = await loadBooking(deps.eventStore, bookingId);
  if (existing.state.phase !== 'none') return answer(bookingId);
  const offer = await offerOnSale(deps.flights, request.offerId);
  if (!isHoldable(offer)) throw new Refusal('HOLD_NOT_AVAILABLE', HOLD_NOT_AVAILABLE_MESSAGE);
  const brand = await deps.brands.find(call.brandKey);
  if (!brand) throw new Refusal('BRAND_NOT_FOUND', `No brand ${call.brandKey}`);
  const { offerPrice, pricing } = await checkPrice(deps, offer, brand, [], []);
  const now = deps.clock.now();
  const { passengers, passengerIds } = checkedTravellers(offer, request.passengers, now);
  const sealed = await sealPassengers(deps.vault, bookingId, passengers, passengerIds);
  const at = now.toISOString();
  const { payment_required_by, price_guarantee_expires_at } = offer.payment_requirements;
  await recordHold(
    deps,
    bookingId,
    [
      startBookingOf(offer, {
        bookingId,
        brandKey: call.brandKey,
        customerId: call.userId,
        price: offerPrice,
        pricing,
        at,
      }),
      { type: 'ProvidePassengers', data: { passengers: sealed, at } },
      {
        type: 'RequestHold',
        data: { paymentRequiredBy: payment_required_by!, priceGuaranteeExpiresAt: price_guarantee_expires_at, at },
      },
    ],
    call.context,
  );
  await saveContact(deps.sql, bookingId, call.brandKey, passengers[0]!.email!);
  return answer(bookingId);
}

/** Records the checkout; the same key sent twice at once finds the booking the other request recorded. */
async function recordHold(
  deps: Pick<HoldPorts, 'eventStore' | 'clock'>,
  bookingId: string,
  commands: Parameters<typeof handleBookingCommands>[2],
  context: EventContext,
): Promise<void> {
  try {
    await handleBookingCommands(deps.eventStore, bookingId, commands, { context, clock: deps.clock });
  } catch (error) {
    if (!(error instanceof Refusal) || error.code !== 'ALREADY_STARTED') throw error;
  }
}

const answer = (id: string) => ({ status: 202, body: { id, status: 'pending', message: HOLD_REQUESTED_MESSAGE } });

/** A UUID-shaped id derived from the request's key: the same key, the same booking. */
function idFromKey(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
