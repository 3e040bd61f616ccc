import { describe, expect, it } from 'vitest';
import type { SeatMapElementView, SeatMapView } from '../flights/seat-map.js';
import { seatsTogether } from './seats-together.js';

const PASSENGERS = ['pas_a', 'pas_b', 'pas_c'];

/** A seat free for every passenger at `price`, or taken ("x" before the designator). */
function seat(code: string, price = '0.00'): SeatMapElementView {
  if (code.startsWith('x')) return { type: 'seat', designator: code.slice(1), available: false };
  return {
    type: 'seat',
    designator: code,
    available: true,
    available_services: PASSENGERS.map((id) => ({
      id: `ase_${code}_${id}`,
      passenger_id: id,
      total_amount: price,
      total_currency: 'USD',
    })),
  };
}

function map(rows: Array<{ number: number; sections: SeatMapElementView[][] }>): SeatMapView {
  return {
    id: 'sea_1',
    slice_id: 'sli_1',
    segment_id: 'seg_1',
    cabins: [
      {
        cabin_class: 'economy',
        deck: 0,
        aisles: 1,
        wings: null,
        rows: rows.map((row) => ({ number: row.number, sections: row.sections.map((elements) => ({ elements })) })),
      },
    ],
  };
}

const designators = (picked: ReturnType<typeof seatsTogether>) => picked?.map((each) => each.designator);

describe('seats together', () => {
  it('seats a family of three side by side rather than split (12A/12B/12E)', () => {
    const seats = map([
      {
        number: 12,
        sections: [
          [seat('12A'), seat('12B'), seat('x12C')],
          [seat('x12D'), seat('12E'), seat('x12F')],
        ],
      },
      {
        number: 14,
        sections: [
          [seat('x14A'), seat('x14B'), seat('x14C')],
          [seat('14D'), seat('14E'), seat('14F')],
        ],
      },
    ]);
    expect(designators(seatsTogether(seats, PASSENGERS))).toEqual(['14D', '14E', '14F']);
    expect(seatsTogether(seats, PASSENGERS)?.map((each) => each.passengerId)).toEqual(PASSENGERS);
    expect(seatsTogether(seats, PASSENGERS)?.[0]?.serviceId).toBe('ase_14D_pas_a');
  });

  it('prefers the cheaper run, then the front; across an aisle only when nothing else is free', () => {
    const paid = map([
      { number: 10, sections: [[seat('10A', '30.00'), seat('10B', '30.00'), seat('10C', '30.00')]] },
      { number: 20, sections: [[seat('20A', '10.00'), seat('20B', '10.00'), seat('20C', '10.00')]] },
      { number: 21, sections: [[seat('21A', '10.00'), seat('21B', '10.00'), seat('21C', '10.00')]] },
    ]);
    expect(designators(seatsTogether(paid, PASSENGERS))).toEqual(['20A', '20B', '20C']);
    const aisle = map([
      {
        number: 5,
        sections: [
          [seat('x5A'), seat('5B'), seat('5C')],
          [seat('5D'), seat('x5E')],
        ],
      },
    ]);
    expect(designators(seatsTogether(aisle, PASSENGERS))).toEqual(['5B', '5C', '5D']);
  });

  it('says so (null) when no row has enough seats together', () => {
    const split = map([{ number: 1, sections: [[seat('1A'), seat('x1B'), seat('1C')]] }]);
    expect(seatsTogether(split, PASSENGERS)).toBeNull();
  });
});
