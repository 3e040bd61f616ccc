import { describe, expect, it } from 'vitest';
import {
  bagsWantedFrom,
  cheapestBags,
  describeBagsWanted,
  type BaggableOffer,
  type BagAllowance,
  type BagService,
} from './bags.js';
import { displayPriceWithBags, priceWithBags } from './bags-price.js';
import type { PricedOffer } from './price-offer.js';
import { DEFAULT_PRICING } from './pricing.js';

/*
 * Golden cases of the price with my bags: what is included is used first, then the cheapest bag
 * services per passenger and segment, never beyond their maximum quantity.
 */

type Included = Record<string, Record<string, BagAllowance[]>>;

/** An offer of slices (lists of segment ids), passengers and bag services; `included[segment][passenger]`. */
function offer({
  slices = [['s1']],
  passengers = ['p1'],
  infants = [] as string[],
  included = {} as Included,
  services = [] as BagService[],
  currency = 'USD',
}): BaggableOffer & PricedOffer {
  const built = {
    total_amount: '100.00',
    total_currency: currency,
    owner: { iata_code: 'BA' },
    passengers: [
      ...passengers.map((id) => ({ id, type: 'adult' })),
      ...infants.map((id) => ({ id, type: 'infant_without_seat' })),
    ],
    slices: slices.map((ids) => ({
      origin: { iata_code: 'JFK', country_code: 'US' },
      destination: { iata_code: 'LHR', country_code: 'GB' },
      segments: ids.map((id) => ({
        id,
        passengers: [...passengers, ...infants].map((passenger_id) => ({
          passenger_id,
          baggages: included[id]?.[passenger_id] ?? [],
        })),
      })),
    })),
    available_services: services,
  };
  return built;
}

function bag(
  id: string,
  kind: 'checked' | 'carry_on',
  amount: string,
  { passengers = ['p1'], segments = ['s1'], maximum = 2, currency = 'USD' } = {},
): BagService {
  return {
    id,
    type: 'baggage',
    total_amount: amount,
    total_currency: currency,
    maximum_quantity: maximum,
    passenger_ids: passengers,
    segment_ids: segments,
    metadata: { type: kind, maximum_weight_kg: 23 },
  };
}

const checked = (quantity: number): BagAllowance => ({ type: 'checked', quantity });
const carryOn = (quantity: number): BagAllowance => ({ type: 'carry_on', quantity });

describe('cheapestBags', () => {
  it('buys nothing when every segment includes the bags wanted', () => {
    const given = offer({ included: { s1: { p1: [checked(1), carryOn(1)] } } });
    expect(cheapestBags(given, { checked: 1, carryOn: 1 })).toEqual({
      carried: true,
      choices: [],
      amount: 0,
      currency: 'USD',
    });
  });

  it('reads a quantity of 0 as no bag included, and buys one', () => {
    const given = offer({ included: { s1: { p1: [checked(0)] } }, services: [bag('ase_1', 'checked', '45.00')] });
    expect(cheapestBags(given, { checked: 1, carryOn: 0 })).toMatchObject({
      choices: [{ serviceId: 'ase_1', quantity: 1 }],
      amount: 4500,
    });
  });

  it('buys only the shortfall beyond what is included', () => {
    const given = offer({ included: { s1: { p1: [checked(1)] } }, services: [bag('ase_1', 'checked', '60.00')] });
    expect(cheapestBags(given, { checked: 2, carryOn: 0 })).toMatchObject({
      choices: [{ serviceId: 'ase_1', quantity: 1 }],
      amount: 6000,
    });
  });

  it('checks every slice, not only the first: the return includes no bag and one is bought for it', () => {
    const given = offer({
      slices: [['out'], ['back']],
      included: { out: { p1: [checked(1)] }, back: { p1: [] } },
      services: [
        bag('ase_out', 'checked', '40.00', { segments: ['out'] }),
        bag('ase_back', 'checked', '55.50', { segments: ['back'] }),
      ],
    });
    expect(cheapestBags(given, { checked: 1, carryOn: 0 })).toMatchObject({
      choices: [{ serviceId: 'ase_back', quantity: 1 }],
      amount: 5550,
    });
  });

  it('one bag bought for a slice covers all its segments', () => {
    const given = offer({
      slices: [['a', 'b']],
      services: [bag('ase_slice', 'checked', '70.00', { segments: ['a', 'b'] })],
    });
    expect(cheapestBags(given, { checked: 1, carryOn: 0 })).toMatchObject({
      choices: [{ serviceId: 'ase_slice', quantity: 1 }],
      amount: 7000,
    });
  });

  it('takes the cheapest service first, then the next within maximum quantities', () => {
    const given = offer({
      services: [
        bag('ase_dear', 'checked', '80.00', { maximum: 3 }),
        bag('ase_cheap', 'checked', '50.00', { maximum: 1 }),
      ],
    });
    expect(cheapestBags(given, { checked: 3, carryOn: 0 })).toMatchObject({
      choices: [
        { serviceId: 'ase_cheap', quantity: 1 },
        { serviceId: 'ase_dear', quantity: 2 },
      ],
      amount: 5000 + 2 * 8000,
    });
  });

  it('cannot carry more than the services allow, and says which kind', () => {
    const given = offer({ services: [bag('ase_1', 'checked', '45.00', { maximum: 1 })] });
    expect(cheapestBags(given, { checked: 2, carryOn: 0 })).toEqual({ carried: false, kind: 'checked' });
    expect(cheapestBags(given, { checked: 0, carryOn: 1 })).toEqual({ carried: false, kind: 'carry_on' });
  });

  it('buys per passenger with each passenger’s own service; a lap infant brings none', () => {
    const given = offer({
      passengers: ['p1', 'p2'],
      infants: ['i1'],
      included: { s1: { p1: [checked(1)] } },
      services: [
        bag('ase_p1', 'checked', '30.00', { passengers: ['p1'] }),
        bag('ase_p2', 'checked', '30.00', { passengers: ['p2'] }),
      ],
    });
    expect(cheapestBags(given, { checked: 1, carryOn: 0 })).toMatchObject({
      choices: [{ serviceId: 'ase_p2', quantity: 1 }],
      amount: 3000,
    });
  });

  it('ignores services in another currency and services that are not bags', () => {
    const given = offer({
      services: [
        bag('ase_eur', 'checked', '10.00', { currency: 'EUR' }),
        { ...bag('ase_cfar', 'checked', '5.00'), type: 'cancel_for_any_reason', metadata: {} },
      ],
    });
    expect(cheapestBags(given, { checked: 1, carryOn: 0 })).toEqual({ carried: false, kind: 'checked' });
  });

  it('an offer without bag services still carries what it includes', () => {
    const given = offer({ included: { s1: { p1: [carryOn(1)] } } });
    expect(cheapestBags(given, { checked: 0, carryOn: 1 }).carried).toBe(true);
    expect(cheapestBags(given, { checked: 1, carryOn: 0 }).carried).toBe(false);
  });
});

describe('priceWithBags', () => {
  const context = { pricing: DEFAULT_PRICING, travellers: 1 };

  it('is the brand price of the offer alone without bags', () => {
    const given = offer({});
    // 100.00 × 1.23 = 123.00
    expect(priceWithBags(given, context)).toEqual({ amount: 12300, currency: 'USD', bags: null });
  });

  it('adds the bags at the airline price to the brand price of the offer, to the cent', () => {
    const given = offer({ services: [bag('ase_1', 'checked', '45.99')] });
    expect(displayPriceWithBags(given, { ...context, bags: { checked: 1, carryOn: 0 } })).toBe(168.99);
  });

  it('keeps the offer’s own price when it cannot carry the bags, and says so', () => {
    const given = offer({});
    const priced = priceWithBags(given, { ...context, bags: { checked: 1, carryOn: 0 } });
    expect(priced).toEqual({ amount: 12300, currency: 'USD', bags: { carried: false, kind: 'checked' } });
  });
});

describe('bags in words and URLs', () => {
  it('describes what each traveller brings', () => {
    expect(describeBagsWanted({ checked: 1, carryOn: 0 }, 1)).toBe('1 checked bag');
    expect(describeBagsWanted({ checked: 2, carryOn: 1 }, 3)).toBe('2 checked bags and 1 cabin bag each');
    expect(describeBagsWanted({ checked: 0, carryOn: 0 }, 2)).toBe('No bags');
  });

  it('reads whole counts within the control’s range, else nothing', () => {
    expect(bagsWantedFrom('1', null)).toEqual({ checked: 1, carryOn: 0 });
    expect(bagsWantedFrom('2', '1')).toEqual({ checked: 2, carryOn: 1 });
    expect(bagsWantedFrom('9', '0')).toBeNull();
    expect(bagsWantedFrom('1.5', '0')).toBeNull();
    expect(bagsWantedFrom('-1', '0')).toBeNull();
  });
});
