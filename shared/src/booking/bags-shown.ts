import { BAG_KIND_LABELS, type BagKind } from '../pricing/bags.js';

/**
 * Bags bought with a booking (issue 35), as My Trips, the confirmation email, the support desk
 * and the CLI show them: one line per bag service, in flight order, with whose bags they are and
 * the flights they travel on.
 */
export interface BagLine {
  /** "1 checked bag", "2 cabin bags". */
  bags: string;
  /** "Jane Doe" (or several names, joined). */
  passengers: string;
  /** "JFK → LHR": from the first flight the bags travel on to the last. */
  flight: string;
  /** What they cost, as the caller formats money; null when not given. */
  price: string | null;
}

export interface BagShown {
  kind: BagKind;
  quantity: number;
  passengerIds: readonly string[];
  segmentIds: readonly string[];
  price?: string;
}

interface BagSegment {
  id?: string;
  origin?: { iata_code?: string } | null;
  destination?: { iata_code?: string } | null;
}

export function bagsText(kind: BagKind, quantity: number): string {
  const label = BAG_KIND_LABELS[kind];
  return `${quantity} ${quantity === 1 ? label.one : label.many}`;
}

export function bagLines(
  bags: readonly BagShown[],
  slices: ReadonlyArray<{ segments?: ReadonlyArray<BagSegment> | null }>,
  passengers: ReadonlyArray<{ id?: string; name: string }>,
): BagLine[] {
  const segments = slices.flatMap((slice) => slice.segments ?? []);
  const covered = (bag: BagShown) => segments.filter((segment) => segment.id && bag.segmentIds.includes(segment.id));
  const order = (bag: BagShown) => {
    const at = segments.findIndex((segment) => segment.id && bag.segmentIds.includes(segment.id));
    return at < 0 ? segments.length : at;
  };
  const flightOf = (bag: BagShown) => {
    const flown = covered(bag);
    if (flown.length === 0) return 'Flight';
    return `${flown[0]!.origin?.iata_code ?? '?'} → ${flown.at(-1)!.destination?.iata_code ?? '?'}`;
  };
  const namesOf = (bag: BagShown) =>
    bag.passengerIds.map((id) => passengers.find((passenger) => passenger.id === id)?.name || 'Passenger').join(', ') ||
    'Passenger';
  return [...bags]
    .sort((a, b) => order(a) - order(b))
    .map((bag) => ({
      bags: bagsText(bag.kind, bag.quantity),
      passengers: namesOf(bag),
      flight: flightOf(bag),
      price: bag.price ?? null,
    }));
}

/** "1 checked bag: Jane Doe, JFK → LHR ($45)", for plain text (email, CLI). */
export const bagLineText = (line: BagLine) =>
  `${line.bags}: ${line.passengers}, ${line.flight}${line.price ? ` (${line.price})` : ''}`;
