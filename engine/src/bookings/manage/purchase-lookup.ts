import type { BookingDeps } from '../deps.js';
import type { OpenPurchase } from '../domain/purchase-state.js';

/** What the airline says of a purchase confirmed earlier whose answer was lost. */
export type AirlineLookup = { confirmed: true; serviceIds: string[] } | { confirmed: false };

/**
 * Whether the airline has an open purchase of the order: its order change confirmed, or services
 * the order did not have before (extras). A failing lookup is thrown, never read as "no".
 */
export async function lookUpPurchase(
  deps: Pick<BookingDeps, 'flights'>,
  orderId: string,
  purchase: Pick<OpenPurchase, 'purchaseId' | 'extras'>,
): Promise<AirlineLookup> {
  if (purchase.extras) {
    const known = purchase.extras.knownServiceIds;
    const added = (await deps.flights.orderServiceIds(orderId)).filter((id) => !known.includes(id));
    return added.length > 0 ? { confirmed: true, serviceIds: added } : { confirmed: false };
  }
  const change = await deps.flights.getOrderChange(purchase.purchaseId);
  return change.confirmedAt && change.orderId === orderId ? { confirmed: true, serviceIds: [] } : { confirmed: false };
}
