import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../pricing/pricing.js';
import { formatPrice } from '../results/format.js';
import { offer, slice } from '../results/test-support/offer-fixture.js';
import { conditionLabel, fareBrandColumns, sameFlightsKey } from './fare-brands.js';
import type { FlightCondition, FlightOffer } from './offer.js';

const OUT = { from: 'JFK', to: 'LHR', departing: '2026-12-20T18:00', arriving: '2026-12-21T06:00', carrier: 'BA' };
const BACK = { from: 'LHR', to: 'JFK', departing: '2026-12-27T10:00', arriving: '2026-12-27T13:00', carrier: 'BA' };
const no: FlightCondition = { allowed: false, penalty_amount: null, penalty_currency: null };
const fee = (amount: string): FlightCondition => ({ allowed: true, penalty_amount: amount, penalty_currency: 'USD' });

/** A round trip on the same BA flights under `brands` (one per slice), with `bags` checked bags included per slice. */
function fare(
  id: string,
  total: string,
  brands: [string, string],
  bags: [number, number],
  seats: boolean,
  change = no,
): FlightOffer {
  const built = offer(id, {
    total_amount: total,
    slices: [slice([OUT]), slice([BACK])],
    conditions: {
      refund_before_departure: no,
      change_before_departure: change,
      refundable: false,
      changeable: change.allowed,
    },
  });
  built.slices.forEach((each, index) => {
    each.fare_brand_name = brands[index]!;
    each.seat_selection = seats;
    each.segments[0]!.passengers = [
      {
        passenger_id: 'pas_1',
        cabin_class: 'economy',
        cabin_class_marketing_name: 'Economy',
        fare_basis_code: null,
        baggages: [
          { type: 'checked', quantity: bags[index]! },
          { type: 'carry_on', quantity: 1 },
        ],
      },
    ];
  });
  return built;
}

const basic = fare('off_basic', '500.00', ['Basic', 'Basic'], [0, 0], false);
const standard = fare('off_standard', '610.00', ['Standard', 'Standard'], [1, 1], true, fee('75.00'));
const mixed = fare('off_mixed', '560.00', ['Basic', 'Standard'], [0, 1], true);
const otherFlight = offer('off_other', { total_amount: '300.00' });
const context = { pricing: DEFAULT_PRICING, travellers: 1 };

describe('fare brands side by side', () => {
  it('groups the offers flying the same flights, whatever their brand', () => {
    expect(sameFlightsKey(basic)).toBe(sameFlightsKey(standard));
    expect(sameFlightsKey(basic)).not.toBe(sameFlightsKey(otherFlight));
  });

  it('one column per brand, cheapest first, with the difference against the chosen one', () => {
    const columns = fareBrandColumns([standard, otherFlight, basic, mixed], 'off_basic', context);
    expect(columns.map((column) => [column.name, column.price, column.difference, column.chosen])).toEqual([
      ['Basic', 615, 0, true],
      ['Basic / Standard', 689, 74, false],
      ['Standard', 751, 136, false],
    ]);
  });

  it('shows the trip once when every slice gives the same, and each slice where they differ', () => {
    const [chosen, mixedColumn, standardColumn] = fareBrandColumns([basic, mixed, standard], 'off_basic', context);
    expect(chosen!.perSlice).toBe(false);
    expect(standardColumn!.slices).toEqual([
      { route: 'JFK to LHR', brand: 'Standard', checkedBags: 1, cabinBags: 1, seatChoice: true },
    ]);
    expect(mixedColumn!.perSlice).toBe(true);
    expect(mixedColumn!.slices.map((each) => [each.route, each.brand, each.checkedBags])).toEqual([
      ['JFK to LHR', 'Basic', 0],
      ['LHR to JFK', 'Standard', 1],
    ]);
  });

  it('a bag with quantity 0 is no bag included', () => {
    const [chosen] = fareBrandColumns([basic], 'off_basic', context);
    expect(chosen!.slices[0]!.checkedBags).toBe(0);
  });

  it('prices each brand with the traveller’s bags, as the cards do', () => {
    const bags = { ...context, bags: { checked: 1, carryOn: 0 } };
    const columns = fareBrandColumns([basic, standard], 'off_standard', bags);
    expect(columns.map((column) => [column.name, column.price, column.carriesBags, column.difference])).toEqual([
      ['Basic', 615, false, -136],
      ['Standard', 751, true, 0],
    ]);
  });

  it('says changes and refunds with their penalties as the airline states them', () => {
    expect(conditionLabel(no, formatPrice)).toBe('Not allowed');
    expect(conditionLabel(fee('75.00'), formatPrice)).toBe('$75 fee');
    expect(conditionLabel(fee('0.00'), formatPrice)).toBe('Free');
    expect(conditionLabel(null, formatPrice)).toBe('Ask the airline');
  });
});
