import { toMinorUnits } from '../booking/money.js';

/*
 * "Price with my bags" (issue 35): the cheapest way to carry the bags each traveller brings on an
 * offer. One rule for the engine's sort and price filter, the result cards and checkout: the bags
 * each segment includes for each passenger first, then the offer's bag services (per passenger and
 * segment, as Duffel sells them), never more of one than its `maximum_quantity`.
 */

export type BagKind = 'checked' | 'carry_on';

/** How many bags each seated passenger brings, beyond a small personal item. */
export interface BagsWanted {
  checked: number;
  carryOn: number;
}

export const NO_BAGS: BagsWanted = { checked: 0, carryOn: 0 };

/** The most bags of each kind the control offers per passenger. */
export const MAX_BAGS_WANTED: BagsWanted = { checked: 3, carryOn: 2 };

export const BAG_KIND_LABELS: Record<BagKind, { one: string; many: string }> = {
  checked: { one: 'checked bag', many: 'checked bags' },
  carry_on: { one: 'cabin bag', many: 'cabin bags' },
};

export function wantsBags(wanted: BagsWanted | null | undefined): wanted is BagsWanted {
  return !!wanted && (wanted.checked > 0 || wanted.carryOn > 0);
}

/** What an offer says of bags: each segment's included bags per passenger, and the bags it sells. */
export interface BagAllowance {
  type: string;
  quantity: number;
}
export interface BagSegment {
  id: string;
  /** Absent from offers read before search pages carried it: nothing counts as included then. */
  passengers?: readonly { passenger_id: string; baggages: readonly BagAllowance[] }[];
}
export interface BagService {
  id: string;
  type: string;
  total_amount: string;
  total_currency: string;
  maximum_quantity: number;
  passenger_ids: readonly string[];
  segment_ids: readonly string[];
  metadata: Readonly<Record<string, unknown>>;
}
export interface BaggableOffer {
  total_currency: string;
  passengers: readonly { id: string; type: string | null }[];
  slices: readonly { segments: readonly BagSegment[] }[];
  available_services?: readonly BagService[];
}

/** One bag service to order, as Duffel's order takes it. */
export interface BagChoice {
  serviceId: string;
  quantity: number;
}

export type BagPlan =
  | {
      carried: true;
      /** The services to buy (none when every bag is included). */
      choices: BagChoice[];
      /** What they cost, in minor units of `currency` (the airline's price). */
      amount: number;
      currency: string;
    }
  | {
      carried: false;
      /** The first kind of bag the offer cannot carry for someone. */
      kind: BagKind;
    };

/** The bag kind a service sells, or null when it is no bag. */
export function bagKindOf(service: Pick<BagService, 'type' | 'metadata'>): BagKind | null {
  if (service.type !== 'baggage') return null;
  const kind = service.metadata.type;
  return kind === 'checked' || kind === 'carry_on' ? kind : null;
}

function included(segment: BagSegment, passengerId: string, kind: BagKind): number {
  let count = 0;
  for (const passenger of segment.passengers ?? []) {
    if (passenger.passenger_id !== passengerId) continue;
    for (const bag of passenger.baggages ?? []) {
      if (bag.type === kind) count += Math.max(0, Math.floor(bag.quantity) || 0);
    }
    break;
  }
  return count;
}

interface Candidate {
  service: BagService;
  unit: number;
  left: number;
}

/** The services that can carry `kind` for a passenger, cheapest first (then by id, for one answer). */
function candidatesFor(offer: BaggableOffer, passengerId: string, kind: BagKind, currency: string): Candidate[] {
  const candidates: Candidate[] = [];
  for (const service of offer.available_services ?? []) {
    if (bagKindOf(service) !== kind || !service.passenger_ids.includes(passengerId)) continue;
    if (service.total_currency.toUpperCase() !== currency) continue;
    const unit = toMinorUnits(service.total_amount, currency);
    const left = Math.floor(service.maximum_quantity);
    if (Number.isFinite(unit) && unit >= 0 && left > 0) candidates.push({ service, unit, left });
  }
  return candidates.sort((a, b) => a.unit - b.unit || a.service.id.localeCompare(b.service.id));
}

/**
 * One passenger's bags of one kind: each segment's shortfall (wanted less included), covered in
 * flying order by the cheapest service that covers the segment and has quantity left. A service
 * covers all its segments at once (a bag bought for a slice travels the whole slice). Null when
 * some segment's shortfall cannot be covered. Greedy, which is the cheapest whenever each service
 * covers whole slices, as airlines sell them.
 */
function coverPassenger(
  offer: BaggableOffer,
  segments: readonly BagSegment[],
  passengerId: string,
  kind: BagKind,
  wanted: number,
  currency: string,
): Map<Candidate, number> | null {
  const need = segments.map((segment) => Math.max(0, wanted - included(segment, passengerId, kind)));
  const bought = new Map<Candidate, number>();
  // Most fares include what most travellers bring: no service to look at then (the hot path).
  if (need.every((count) => count === 0)) return bought;
  const candidates = candidatesFor(offer, passengerId, kind, currency);
  for (let index = 0; index < segments.length; index += 1) {
    while (need[index]! > 0) {
      const segmentId = segments[index]!.id;
      const candidate = candidates.find((each) => each.left > 0 && each.service.segment_ids.includes(segmentId));
      if (!candidate) return null;
      const quantity = Math.min(candidate.left, need[index]!);
      candidate.left -= quantity;
      bought.set(candidate, (bought.get(candidate) ?? 0) + quantity);
      segments.forEach((segment, covered) => {
        if (candidate.service.segment_ids.includes(segment.id)) need[covered] = Math.max(0, need[covered]! - quantity);
      });
    }
  }
  return bought;
}

/**
 * The cheapest way to carry `wanted` bags for every seated passenger of `offer` (an infant on a lap
 * brings none of their own): the bag services to buy and what they cost, or which kind of bag the
 * offer cannot carry.
 */
export function cheapestBags(offer: BaggableOffer, wanted: BagsWanted): BagPlan {
  const currency = offer.total_currency.toUpperCase();
  const segments = offer.slices.flatMap((slice) => slice.segments);
  const choices = new Map<string, number>();
  let amount = 0;
  const seated = offer.passengers.filter((passenger) => passenger.type !== 'infant_without_seat');
  for (const kind of ['checked', 'carry_on'] as const) {
    const count = Math.max(0, Math.floor(kind === 'checked' ? wanted.checked : wanted.carryOn));
    if (count === 0) continue;
    for (const passenger of seated) {
      const bought = coverPassenger(offer, segments, passenger.id, kind, count, currency);
      if (!bought) return { carried: false, kind };
      for (const [{ service, unit }, quantity] of bought) {
        choices.set(service.id, (choices.get(service.id) ?? 0) + quantity);
        amount += unit * quantity;
      }
    }
  }
  return {
    carried: true,
    choices: [...choices].map(([serviceId, quantity]) => ({ serviceId, quantity })),
    amount,
    currency,
  };
}

/** "1 checked bag and 1 cabin bag each" (the control's summary and the card's note). */
export function describeBagsWanted(wanted: BagsWanted, travellers: number): string {
  const part = (count: number, kind: BagKind) =>
    `${count} ${count === 1 ? BAG_KIND_LABELS[kind].one : BAG_KIND_LABELS[kind].many}`;
  const parts = [
    ...(wanted.checked > 0 ? [part(wanted.checked, 'checked')] : []),
    ...(wanted.carryOn > 0 ? [part(wanted.carryOn, 'carry_on')] : []),
  ];
  if (parts.length === 0) return 'No bags';
  return `${parts.join(' and ')}${travellers > 1 ? ' each' : ''}`;
}

/** The bags in a URL or request: `checkedBags` and `cabinBags`, whole numbers within the control's range. */
export function bagsWantedFrom(checked: unknown, carryOn: unknown): BagsWanted | null {
  const read = (value: unknown, max: number) => {
    const number = typeof value === 'string' && value !== '' ? Number(value) : typeof value === 'number' ? value : 0;
    return Number.isInteger(number) && number >= 0 && number <= max ? number : null;
  };
  const wanted = { checked: read(checked, MAX_BAGS_WANTED.checked), carryOn: read(carryOn, MAX_BAGS_WANTED.carryOn) };
  if (wanted.checked === null || wanted.carryOn === null) return null;
  return wanted as BagsWanted;
}
