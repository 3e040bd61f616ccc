import type { RevenueFigures } from '@contrail/shared/admin/revenue';
import type { BookingEvent, BookingEventType } from '../bookings/domain/events.js';

/**
 * What the revenue projection remembers of one booking between its events: enough to put a
 * later refund or cancellation on the right brand, currency, route and carrier.
 */
export interface RevenueBooking {
  brandKey: string;
  currency: string;
  travellers: number;
  route: string | null;
  carrier: string | null;
  /** The pricing rule that priced it (BookingStarted's record; null on bookings from before rules). */
  ruleId?: string | null;
  /** The airline order's total, once recorded (null: not recorded, as on older events). */
  providerCost: number | null;
  /** What the airline charged for each purchase after booking it confirmed, until its capture counts it. */
  purchaseCosts?: Record<string, number>;
  /** Every capture of the booking: the fare's, and any purchase's after booking. */
  captured: number;
  refunded: number;
  cancelled: boolean;
}

/** What one event adds to the figures of its brand, UTC day and currency. */
export interface FigureDelta {
  brandKey: string;
  day: string;
  currency: string;
  add: Partial<RevenueFigures>;
}

export const RANKED_KINDS = ['route', 'carrier', 'rule'] as const;
export type RankedKind = (typeof RANKED_KINDS)[number];

/** The key a booking priced before pricing rules were recorded is ranked under. */
export const UNRECORDED_RULE = 'unrecorded';

interface SaleSums {
  bookings: number;
  grossSales: number;
  providerCost: number;
  markupMargin: number;
}

/**
 * What a capture adds to the sales of its day under its route, carrier and pricing rule at once
 * (one row for the three rankings: a third of the writes of a row per ranking).
 */
export interface SaleDelta extends SaleSums {
  brandKey: string;
  day: string;
  currency: string;
  /** Null: the booking recorded no itinerary. */
  route: string | null;
  carrier: string | null;
  rule: string;
}

/** What a sale adds to one route's, carrier's or pricing rule's sums on its day. */
export interface RankedDelta extends SaleSums {
  brandKey: string;
  day: string;
  currency: string;
  kind: RankedKind;
  key: string;
}

/** A sale's share of each ranking it is ranked in. */
export function rankedOf(sale: SaleDelta): RankedDelta[] {
  const { route, carrier, rule, ...rest } = sale;
  const keys: [RankedKind, string | null][] = [
    ['route', route],
    ['carrier', carrier],
    ['rule', rule],
  ];
  return keys.flatMap(([kind, key]) => (key === null ? [] : [{ ...rest, kind, key }]));
}

export interface RevenueStep {
  booking: RevenueBooking | null;
  figures: FigureDelta[];
  sales: SaleDelta[];
}

export const revenueEvents = [
  'BookingStarted',
  'PassengersProvided',
  'OrderCreated',
  'OrderHeld',
  'HoldPriceChanged',
  'HoldPaid',
  'PaymentCaptured',
  'PurchaseConfirmed',
  'PurchasePaymentCaptured',
  'OrderCancelled',
  'RefundIssued',
  'BookingCancelled',
] as const satisfies readonly BookingEventType[];

const dayOf = (at: string) => at.slice(0, 10);

function started(event: Extract<BookingEvent, { type: 'BookingStarted' }>): RevenueBooking {
  const { brandKey, price, itinerary, pricing } = event.data;
  const slice = itinerary?.slices[0];
  return {
    brandKey,
    currency: price.currency,
    travellers: itinerary?.passengers.length ?? 0,
    route: slice ? `${slice.origin.iata_code}-${slice.destination.iata_code}` : null,
    carrier: slice?.segments[0]?.operating_carrier.iata_code ?? null,
    ruleId: pricing?.ruleId ?? null,
    providerCost: null,
    captured: 0,
    refunded: 0,
    cancelled: false,
  };
}

function captured(booking: RevenueBooking, event: Extract<BookingEvent, { type: 'PaymentCaptured' }>): RevenueStep {
  const { amount, fee, at } = event.data;
  const where = { brandKey: booking.brandKey, day: dayOf(at), currency: booking.currency };
  const cost = booking.providerCost ?? 0;
  const cardFee = fee?.amount ?? 0;
  const complete = booking.providerCost !== null && fee !== null;
  const add: Partial<RevenueFigures> = {
    bookings: 1,
    travellers: booking.travellers,
    grossSales: amount.amount,
    providerCost: cost,
    markupMargin: amount.amount - cost,
    cardFees: cardFee,
    netMargin: amount.amount - cost - cardFee,
    incompleteBookings: complete ? 0 : 1,
  };
  const sale = { bookings: 1, grossSales: amount.amount, providerCost: cost, markupMargin: amount.amount - cost };
  return {
    booking: { ...booking, captured: booking.captured + amount.amount },
    figures: [{ ...where, add }],
    sales: [saleOf(booking, where, sale)],
  };
}

/** A sale under the booking's route, carrier and pricing rule, so each ranking sums to the day's sales. */
function saleOf(booking: RevenueBooking, where: Omit<FigureDelta, 'add'>, sums: SaleSums): SaleDelta {
  const { route, carrier } = booking;
  return { ...where, route, carrier, rule: booking.ruleId ?? UNRECORDED_RULE, ...sums };
}

/** A purchase after booking (date change, bags, seats) confirmed at the airline: its price is what the airline charged. */
function purchaseConfirmed(
  booking: RevenueBooking,
  event: Extract<BookingEvent, { type: 'PurchaseConfirmed' }>,
): RevenueStep {
  const { purchaseId, amount } = event.data;
  const purchaseCosts = { ...booking.purchaseCosts, [purchaseId]: amount.amount };
  return { booking: { ...booking, purchaseCosts }, figures: [], sales: [] };
}

/**
 * A purchase's capture: money in, the airline's charge for it out, and the card fee, on the
 * capture's day, like a booking's own capture; it adds no booking nor traveller.
 */
function purchaseCaptured(
  booking: RevenueBooking,
  event: Extract<BookingEvent, { type: 'PurchasePaymentCaptured' }>,
): RevenueStep {
  const { purchaseId, amount, fee, at } = event.data;
  const { [purchaseId]: known, ...purchaseCosts } = booking.purchaseCosts ?? {};
  const cost = known ?? 0;
  const cardFee = fee?.amount ?? 0;
  const where = { brandKey: booking.brandKey, day: dayOf(at), currency: booking.currency };
  const add: Partial<RevenueFigures> = {
    grossSales: amount.amount,
    providerCost: cost,
    markupMargin: amount.amount - cost,
    cardFees: cardFee,
    netMargin: amount.amount - cost - cardFee,
    incompleteBookings: known !== undefined && fee !== null ? 0 : 1,
  };
  const sale = { bookings: 0, grossSales: amount.amount, providerCost: cost, markupMargin: amount.amount - cost };
  return {
    booking: { ...booking, purchaseCosts, captured: booking.captured + amount.amount },
    figures: [{ ...where, add }],
    sales: [saleOf(booking, where, sale)],
  };
}

/** A held fare's cost: the airline's total while held (or repriced), then what the airline was paid. */
function heldCost(booking: RevenueBooking, event: BookingEvent): RevenueStep | null {
  switch (event.type) {
    case 'OrderHeld':
    case 'HoldPriceChanged':
      return { booking: { ...booking, providerCost: event.data.providerTotal.amount }, figures: [], sales: [] };
    case 'HoldPaid':
      return { booking: { ...booking, providerCost: event.data.amount.amount }, figures: [], sales: [] };
    default:
      return null;
  }
}

function afterSale(booking: RevenueBooking, event: BookingEvent): RevenueStep {
  const figure = (at: string, add: Partial<RevenueFigures>): FigureDelta[] => [
    { brandKey: booking.brandKey, day: dayOf(at), currency: booking.currency, add },
  ];
  switch (event.type) {
    case 'OrderCancelled': {
      const back = event.data.providerRefund?.amount ?? 0;
      return {
        booking,
        figures: back ? figure(event.data.at, { providerRefunds: back, netMargin: back }) : [],
        sales: [],
      };
    }
    case 'RefundIssued': {
      const { amount, fee } = event.data;
      const cardFee = fee?.amount ?? 0;
      // A refund after the cancellation was counted (of a purchase's payment) is no longer kept.
      const add = {
        refunds: amount.amount,
        cardFees: cardFee,
        netMargin: -amount.amount - cardFee,
        ...(booking.cancelled && { feesKept: -amount.amount }),
      };
      return {
        booking: { ...booking, refunded: booking.refunded + amount.amount },
        figures: figure(event.data.at, add),
        sales: [],
      };
    }
    case 'BookingCancelled': {
      if (booking.cancelled) return { booking, figures: [], sales: [] };
      const kept = booking.captured - booking.refunded;
      return {
        booking: { ...booking, cancelled: true },
        figures: booking.captured > 0 ? figure(event.data.at, { cancellations: 1, feesKept: kept }) : [],
        sales: [],
      };
    }
    default:
      return { booking, figures: [], sales: [] };
  }
}

/**
 * One booking event's effect on the revenue figures: each sum lands on the UTC day the money
 * moved (captures on the capture's day, refunds on the refund's), so rebuilding gives the same sums.
 */
export function revenueStep(booking: RevenueBooking | null, event: BookingEvent): RevenueStep {
  if (event.type === 'BookingStarted') return { booking: booking ?? started(event), figures: [], sales: [] };
  if (!booking) return { booking, figures: [], sales: [] };
  switch (event.type) {
    case 'PassengersProvided':
      return { booking: { ...booking, travellers: event.data.passengers.length }, figures: [], sales: [] };
    case 'OrderCreated': {
      const total = event.data.providerTotal;
      return { booking: total ? { ...booking, providerCost: total.amount } : booking, figures: [], sales: [] };
    }
    case 'PaymentCaptured':
      return captured(booking, event);
    case 'PurchaseConfirmed':
      return purchaseConfirmed(booking, event);
    case 'PurchasePaymentCaptured':
      return purchaseCaptured(booking, event);
    default:
      return heldCost(booking, event) ?? afterSale(booking, event);
  }
}
