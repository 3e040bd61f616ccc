import { randomBytes } from 'node:crypto';
import type { OfferAvailableService, OrderService } from '@duffel/api/types';
import type { SeatService } from './seat-maps.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const cents = (amount: string) => Math.round(Number.parseFloat(amount) * 100);
const money = (value: number) => (value / 100).toFixed(2);
const newServiceId = () => `ser_${Array.from(randomBytes(22), (byte) => BASE62[byte % BASE62.length]).join('')}`;

/** `quantity` of an available bag service as the order holds it once bought. */
export function boughtBag(bag: OfferAvailableService, quantity: number): OrderService {
  return {
    id: newServiceId(),
    type: 'baggage',
    quantity,
    passenger_ids: bag.passenger_ids,
    segment_ids: bag.segment_ids,
    total_amount: money(cents(bag.total_amount) * quantity),
    total_currency: bag.total_currency,
    metadata: bag.metadata as OrderService['metadata'],
  };
}

/** A seat of the seat maps as the order holds it once bought. */
export function boughtSeat(seat: SeatService): OrderService {
  return {
    id: newServiceId(),
    type: 'seat',
    quantity: 1,
    passenger_ids: [seat.passengerId],
    segment_ids: [seat.segmentId],
    total_amount: seat.totalAmount,
    total_currency: 'USD',
    metadata: { designator: seat.designator, disclosures: [], name: null },
  };
}
