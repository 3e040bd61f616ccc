import type { CabinClass } from '@contrail/shared/search/cabin';
import type { FlightsCondition } from '@duffel/api/types';
import type { BusinessModel } from './network/carriers.js';

/**
 * Fare brands as airlines sell them through Duffel (`fare_brand_name`): what each includes
 * (bags per passenger, refund and change rules, seat choice) and what it costs against the
 * cabin's base fare.
 */
export interface FareBrand {
  name: string;
  factor: number;
  checkedBags: number;
  /** Cabin bags besides a small personal item (a low-cost Basic fare has none). */
  carryOnBags: number;
  refund: FlightsCondition;
  change: FlightsCondition;
  seatSelection: boolean;
}

const no: FlightsCondition = { allowed: false, penalty_amount: null, penalty_currency: null };
const yes = (penalty: number): FlightsCondition => ({
  allowed: true,
  penalty_amount: penalty.toFixed(2),
  penalty_currency: 'USD',
});

const brand = (
  name: string,
  factor: number,
  checkedBags: number,
  refund: FlightsCondition,
  change: FlightsCondition,
  carryOnBags = 1,
  seatSelection = true,
): FareBrand => ({ name, factor, checkedBags, carryOnBags, refund, change, seatSelection });

const NETWORK: Record<CabinClass, FareBrand[]> = {
  economy: [
    brand('Basic', 1, 0, no, no, 1, false),
    brand('Standard', 1.22, 1, no, yes(75)),
    brand('Flex', 1.65, 2, yes(50), yes(0)),
  ],
  premium_economy: [brand('Premium', 1, 2, no, yes(100)), brand('Premium Flex', 1.35, 2, yes(100), yes(0))],
  business: [brand('Business', 1, 2, yes(200), yes(0)), brand('Business Flex', 1.3, 3, yes(0), yes(0))],
  first: [brand('First', 1, 3, yes(0), yes(0))],
};

const LOW_COST: FareBrand[] = [
  brand('Basic', 1, 0, no, no, 0, false),
  brand('Standard', 1.3, 0, no, yes(60)),
  brand('Plus', 1.7, 1, no, yes(0)),
];

/** Main Cabin within North America on a US airline: one checked bag fewer. */
const US_DOMESTIC_ECONOMY: FareBrand[] = NETWORK.economy.map((found) => ({
  ...found,
  checkedBags: Math.max(0, found.checkedBags - 1),
}));

export interface BrandContext {
  cabin: CabinClass;
  model: BusinessModel;
  /** A US airline's fare within North America: Main Cabin fares there include no checked bag. */
  usDomestic: boolean;
  /** The airline includes a cabin bag in every fare (IndiGo's 7 kg): its low-cost Basic fare too. */
  cabinBagIncluded: boolean;
}

/** Low-cost fares of a carrier that includes a cabin bag in each. */
const LOW_COST_WITH_CABIN_BAG: FareBrand[] = LOW_COST.map((found) => ({
  ...found,
  carryOnBags: Math.max(1, found.carryOnBags),
}));

/** The fare brands sold for a cabin by an airline of this kind. */
export function fareBrands({ cabin, model, usDomestic, cabinBagIncluded }: BrandContext): FareBrand[] {
  if (model === 'low_cost') return cabinBagIncluded ? LOW_COST_WITH_CABIN_BAG : LOW_COST;
  const brands = NETWORK[cabin];
  if (!usDomestic || cabin !== 'economy') return brands;
  return US_DOMESTIC_ECONOMY;
}

/** The extra checked bag an airline sells per passenger and slice, in USD: by distance and airline kind. */
export function checkedBagPrice(sliceKm: number, model: BusinessModel, usDomestic: boolean): number {
  if (usDomestic) return 35;
  if (model === 'low_cost') return sliceKm < 1500 ? 30 : 45;
  if (sliceKm < 1500) return 40;
  return sliceKm < 5000 ? 60 : 100;
}

/** A cabin bag for low-cost fares that include none. */
export function carryOnBagPrice(sliceKm: number): number {
  return sliceKm < 1500 ? 18 : 25;
}
