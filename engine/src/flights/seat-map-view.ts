import type { CabinClass } from '@contrail/shared/search/cabin';
import type { SeatMapElementView, SeatMapRowView, SeatMapView } from '@contrail/shared';
import type { SeatMap, SeatMapCabinRow, SeatMapCabinRowSectionElement } from './duffel-types.js';

function element(source: SeatMapCabinRowSectionElement): SeatMapElementView {
  if (source.type !== 'seat' && source.type !== 'restricted_seat_general') return { type: source.type };
  return {
    type: source.type,
    designator: source.designator,
    name: source.name ?? null,
    disclosures: source.disclosures ?? [],
    available: source.available_services.length > 0,
    available_services: source.available_services.map((service) => ({ ...service })),
  };
}

function row(source: SeatMapCabinRow): SeatMapRowView {
  const sections = source.sections.map((section) => ({ elements: section.elements.map(element) }));
  const designator = sections.flatMap((section) => section.elements).find((e) => e.designator)?.designator;
  const number = designator ? Number.parseInt(designator, 10) : Number.NaN;
  return { number: Number.isNaN(number) ? null : number, sections };
}

/** Duffel seat maps (one per segment) as the flight API answers them: rows numbered, seats marked available. */
export function seatMapView(source: SeatMap): SeatMapView {
  return {
    id: source.id,
    slice_id: source.slice_id,
    segment_id: source.segment_id,
    cabins: source.cabins.map((cabin) => ({
      cabin_class: cabin.cabin_class as CabinClass,
      deck: cabin.deck,
      aisles: cabin.aisles,
      wings: cabin.wings,
      rows: cabin.rows.map(row),
    })),
  };
}
