import { airportByIata } from '@contrail/shared';
import { aircraftByCode, type CabinLayout } from './aircraft.js';
import type {
  Offer,
  OfferSliceSegment,
  SeatMap,
  SeatMapCabin,
  SeatMapCabinRow,
  SeatMapCabinRowSectionElement,
} from '@duffel/api/types';
import { cabinLayouts } from './network/cabins.js';
import { carrierProfile } from './network/carriers.js';
import { idFrom, seededRandom, type Random } from './random.js';

const TAKEN_SHARE = 0.35;

export interface SeatService {
  id: string;
  passengerId: string;
  segmentId: string;
  designator: string;
  totalAmount: string;
}

function seatPrice(cabin: CabinLayout, rowIndex: number, letter: string, exitRow: boolean, sections: string[]): number {
  if (cabin.cabin_class !== 'economy') return 0;
  if (exitRow) return 45;
  if (rowIndex < 4) return 30;
  const window = letter === sections[0]![0] || letter === sections[sections.length - 1]!.slice(-1);
  return window ? 15 : 0;
}

interface Built {
  cabin: SeatMapCabin;
  nextRowNumber: number;
}

function buildCabin(
  layout: CabinLayout,
  firstRowNumber: number,
  segment: OfferSliceSegment,
  bookedCabin: string,
  passengerIds: string[],
  random: Random,
  services: SeatService[],
): Built {
  const rows: SeatMapCabinRow[] = [];
  const amenityRow = (types: Array<'lavatory' | 'galley' | 'closet'>): SeatMapCabinRow => ({
    sections: layout.sections.map((_, i) => ({ elements: [{ type: types[i % types.length]! }] })),
  });
  rows.push(amenityRow(['lavatory', 'galley', 'lavatory']));
  const exitRows = new Set(
    layout.cabin_class === 'economy' ? [Math.floor(layout.rows / 2), Math.floor(layout.rows / 2) + 1] : [],
  );
  const firstSeatRowIndex = rows.length;
  for (let r = 0; r < layout.rows; r += 1) {
    const number = firstRowNumber + r;
    const exitRow = exitRows.has(r);
    const sections = layout.sections.map((letters, sectionIndex) => {
      const elements: SeatMapCabinRowSectionElement[] = [];
      if (exitRow && sectionIndex === 0) elements.push({ type: 'exit_row' });
      if (r === 0 && layout.cabin_class === 'economy' && sectionIndex === 1) elements.push({ type: 'bassinet' });
      for (const letter of letters) {
        const designator = `${number}${letter}`;
        const restricted = exitRow && random() < 0.1;
        const bookable = !restricted && layout.cabin_class === bookedCabin && random() >= TAKEN_SHARE;
        const amount = seatPrice(layout, r, letter, exitRow, layout.sections).toFixed(2);
        const available = bookable
          ? passengerIds.map((passengerId) => {
              const id = `ase_${idFrom(`${segment.id}:${designator}:${passengerId}`)}`;
              services.push({ id, passengerId, segmentId: segment.id, designator, totalAmount: amount });
              return { id, passenger_id: passengerId, total_amount: amount, total_currency: 'USD' };
            })
          : [];
        elements.push({
          type: restricted ? 'restricted_seat_general' : 'seat',
          designator,
          name: exitRow ? 'Exit row seat' : layout.cabin_class === 'economy' && r < 4 ? 'Extra legroom seat' : null,
          disclosures: exitRow ? ['Exit row: passengers must be over 15 and able to assist in an evacuation'] : [],
          available_services: available,
        } as SeatMapCabinRowSectionElement);
      }
      if (exitRow && sectionIndex === layout.sections.length - 1) elements.push({ type: 'exit_row' });
      return { elements };
    });
    rows.push({ sections });
  }
  rows.push(amenityRow(['galley', 'closet', 'galley']));
  const wings =
    layout.cabin_class === 'economy'
      ? {
          first_row_index: firstSeatRowIndex + Math.floor(layout.rows / 3),
          last_row_index: firstSeatRowIndex + Math.floor((layout.rows * 2) / 3),
        }
      : null;
  return {
    cabin: { deck: 0, cabin_class: layout.cabin_class, aisles: layout.sections.length - 1, wings, rows },
    nextRowNumber: firstRowNumber + layout.rows + (layout.cabin_class === 'economy' ? 0 : 4),
  };
}

/**
 * The cabins of the segment's aircraft as its airline fits them; none for low-cost carriers, which
 * sell no advance seat selection through the API (open seating or at the airport).
 */
function layoutsOf(segment: OfferSliceSegment): CabinLayout[] | undefined {
  const carrier = carrierProfile(segment.operating_carrier.iata_code ?? '');
  const aircraft = aircraftByCode(segment.aircraft?.iata_code);
  const origin = airportByIata(segment.origin.iata_code ?? '');
  const destination = airportByIata(segment.destination.iata_code ?? '');
  if (!carrier || carrier.model === 'low_cost' || !aircraft || !origin || !destination) return undefined;
  return cabinLayouts(carrier, aircraft, {
    originCountry: origin.country_code,
    destinationCountry: destination.country_code,
  });
}

/** Seat maps of an offer, one per segment, and the seat services they sell; none for some carriers. */
export function seatMapsFor(offer: Offer): { seatMaps: SeatMap[]; services: SeatService[] } {
  const services: SeatService[] = [];
  const seated = offer.passengers.filter((passenger) => passenger.type !== 'infant_without_seat').map((p) => p.id);
  const seatMaps: SeatMap[] = [];
  for (const slice of offer.slices) {
    for (const segment of slice.segments) {
      const layouts = layoutsOf(segment);
      if (!layouts) continue;
      const random = seededRandom(`seats:${segment.id}`);
      const bookedCabin = segment.passengers[0]?.cabin_class ?? 'economy';
      let rowNumber = 1;
      const cabins: SeatMapCabin[] = [];
      for (const layout of layouts) {
        const built = buildCabin(layout, rowNumber, segment, bookedCabin, seated, random, services);
        cabins.push(built.cabin);
        rowNumber = built.nextRowNumber;
      }
      seatMaps.push({
        id: `sea_${idFrom(`seatmap:${segment.id}`)}`,
        slice_id: slice.id,
        segment_id: segment.id,
        cabins,
      });
    }
  }
  return { seatMaps, services };
}
