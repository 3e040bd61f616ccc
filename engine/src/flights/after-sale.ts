import type { FlightSlice, SeatMapView } from '@contrail/shared';

/**
 * What the flight provider sells after booking (issue 36): changes of date through Duffel's order
 * change requests, and bags through an order's services. Amounts in the provider's decimal form.
 */
export interface FlightAfterSale {
  /** Change offers for new slices in place of `removeSliceIds` (the airline's fares, its penalty included). */
  requestOrderChange(input: {
    orderId: string;
    removeSliceIds: string[];
    add: Array<{ origin: string; destination: string; departureDate: string }>;
  }): Promise<ProviderChangeOffer[]>;
  getOrderChangeOffer(changeOfferId: string): Promise<ProviderChangeOffer>;
  /** A pending change from a change offer: its id names the purchase. */
  createOrderChange(changeOfferId: string): Promise<ProviderOrderChange>;
  getOrderChange(changeId: string): Promise<ProviderOrderChange>;
  /** Confirms a pending change, paying its change total from the balance. */
  confirmOrderChange(
    changeId: string,
    payment: { amount: string; currency: string } | null,
  ): Promise<ProviderOrderChange>;
  /** Bags the order may still add. */
  orderServices(orderId: string): Promise<ProviderOrderService[]>;
  /** Adds services to the order, paying their total from the balance; answers the order's service ids afterwards. */
  addOrderServices(
    orderId: string,
    services: Array<{ id: string; quantity: number }>,
    payment: { amount: string; currency: string },
  ): Promise<string[]>;
  /** The order's seat maps: seats sold to its passengers with their service ids and prices; those it holds unavailable. */
  orderSeatMaps(orderId: string): Promise<SeatMapView[]>;
  /** The ids of the services an order holds (a lookup after a lost answer). */
  orderServiceIds(orderId: string): Promise<string[]>;
}

export interface ProviderChangeOffer {
  id: string;
  changeTotal: { amount: string; currency: string };
  penalty: { amount: string; currency: string };
  newTotal: { amount: string; currency: string };
  expiresAt: string;
  removedSliceIds: string[];
  /** The flights the change adds, as the flight API shows slices. */
  slices: FlightSlice[];
}

export interface ProviderOrderChange {
  id: string;
  orderId: string;
  changeTotal: { amount: string; currency: string };
  confirmedAt: string | null;
  expiresAt: string;
}

export interface ProviderOrderService {
  id: string;
  kind: 'checked' | 'carry_on';
  maximumQuantity: number;
  passengerIds: string[];
  segmentIds: string[];
  maximumWeightKg: number | null;
  price: { amount: string; currency: string };
}
