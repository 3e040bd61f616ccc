import type { OfferSlice, OrderChange, OrderChangeOffer } from '@duffel/api/types';
import type { FlightAfterSale, ProviderChangeOffer, ProviderOrderChange, ProviderOrderService } from './after-sale.js';
import type { DuffelClient } from './duffel-client.js';
import type { Call } from './bounded-call.js';
import { slice as sliceView } from './offer-view.js';
import { seatMapView } from './seat-map-view.js';

/** The official client types seat maps by offer only; Duffel answers them for an order too (`?order_id=`). */
const byOrder = (orderId: string) => ({ order_id: orderId }) as unknown as { offer_id: string };

/** Duffel's API names the penalty `penalty_total_amount`; the client's type `penalty_amount`: either is read. */
type WireChangeOffer = OrderChangeOffer & {
  penalty_total_amount?: string | null;
  penalty_total_currency?: string | null;
};

function changeOfferOf(offer: WireChangeOffer): ProviderChangeOffer {
  const currency = offer.change_total_currency ?? offer.new_total_currency;
  return {
    id: offer.id,
    changeTotal: { amount: offer.change_total_amount ?? '0.00', currency },
    penalty: {
      amount: offer.penalty_total_amount ?? offer.penalty_amount ?? '0.00',
      currency: offer.penalty_total_currency ?? offer.penalty_currency ?? currency,
    },
    newTotal: { amount: offer.new_total_amount ?? '0.00', currency: offer.new_total_currency },
    expiresAt: offer.expires_at,
    removedSliceIds: offer.slices.remove.map((slice) => slice.id),
    slices: (offer.slices.add as unknown as OfferSlice[]).map(sliceView),
  };
}

/** The client types an order change's answers as change offers; the API answers order changes. */
const asChange = (answer: unknown) => answer as OrderChange;

function orderChangeOf(change: OrderChange): ProviderOrderChange {
  return {
    id: change.id,
    orderId: change.order_id,
    changeTotal: { amount: change.change_total_amount, currency: change.change_total_currency },
    confirmedAt: change.confirmed_at ?? null,
    expiresAt: change.expires_at,
  };
}

/** The after-sale calls on the official client, each bounded and classified as the provider's others. */
export function duffelAfterSale(
  client: () => DuffelClient,
  call: Call,
  { readTimeoutMs, writeTimeoutMs }: { readTimeoutMs: number; writeTimeoutMs: number },
): FlightAfterSale {
  const serviceIdsOf = async (orderId: string) =>
    (await call(() => client().orders.get(orderId), readTimeoutMs, 'reading an order')).data.services.map(
      (service) => service.id,
    );
  return {
    requestOrderChange: ({ orderId, removeSliceIds, add }) =>
      call(
        async () => {
          const request = await client().orderChangeRequests.create({
            order_id: orderId,
            slices: {
              remove: removeSliceIds.map((slice_id) => ({ slice_id })),
              add: add.map((slice) => ({
                origin: slice.origin,
                destination: slice.destination,
                departure_date: slice.departureDate,
              })),
            },
          });
          return request.data.order_change_offers.map((offer) => changeOfferOf(offer as WireChangeOffer));
        },
        writeTimeoutMs,
        'requesting order changes',
      ),
    getOrderChangeOffer: (id) =>
      call(
        async () => changeOfferOf((await client().orderChangeOffers.get(id)).data as WireChangeOffer),
        readTimeoutMs,
        'reading an order change offer',
      ),
    createOrderChange: (changeOfferId) =>
      call(
        async () =>
          orderChangeOf(
            asChange((await client().orderChanges.create({ selected_order_change_offer: changeOfferId })).data),
          ),
        writeTimeoutMs,
        'creating an order change',
      ),
    getOrderChange: (id) =>
      call(
        async () => orderChangeOf(asChange((await client().orderChanges.get(id)).data)),
        readTimeoutMs,
        'reading an order change',
      ),
    confirmOrderChange: (id, payment) =>
      call(
        async () =>
          orderChangeOf(
            asChange(
              (await client().orderChanges.confirm(id, payment ? { payment: { type: 'balance', ...payment } } : {}))
                .data,
            ),
          ),
        writeTimeoutMs,
        'confirming an order change',
      ),
    orderServices: (orderId) =>
      call(
        async () =>
          (await client().orders.getAvailableServices(orderId)).data
            .filter((service) => service.type === 'baggage')
            .map((service): ProviderOrderService => ({
              id: service.id,
              kind: service.metadata.type === 'carry_on' ? 'carry_on' : 'checked',
              maximumQuantity: service.maximum_quantity,
              passengerIds: service.passenger_ids,
              segmentIds: service.segment_ids,
              maximumWeightKg: service.metadata.maximum_weight_kg ?? null,
              price: { amount: service.total_amount, currency: service.total_currency },
            })),
        readTimeoutMs,
        'reading order services',
      ),
    addOrderServices: (orderId, services, payment) =>
      call(
        async () => {
          const order = await client().orders.addServices(orderId, {
            add_services: services,
            payment: { type: 'balance', ...payment },
          });
          return order.data.services.map((service) => service.id);
        },
        writeTimeoutMs,
        'adding order services',
      ),
    orderSeatMaps: (orderId) =>
      call(
        async () => ((await client().seatMaps.get(byOrder(orderId))).data ?? []).map(seatMapView),
        readTimeoutMs,
        'reading order seat maps',
      ),
    orderServiceIds: serviceIdsOf,
  };
}
