import type { CabinClass } from '@contrail/shared/search/cabin';
import type { FlightsCondition } from '../../flights/duffel-types.js';

export interface FareBrand {
  name: string;
  /** Multiplier on the cabin's base fare. */
  factor: number;
  /** Checked bags included per passenger. */
  checkedBags: number;
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

const BRANDS: Record<CabinClass, FareBrand[]> = {
  economy: [
    { name: 'Basic', factor: 1, checkedBags: 0, refund: no, change: no, seatSelection: false },
    { name: 'Standard', factor: 1.25, checkedBags: 1, refund: no, change: yes(75), seatSelection: true },
    { name: 'Flex', factor: 1.7, checkedBags: 2, refund: yes(50), change: yes(0), seatSelection: true },
  ],
  premium_economy: [
    { name: 'Premium', factor: 1, checkedBags: 2, refund: no, change: yes(100), seatSelection: true },
    { name: 'Premium Flex', factor: 1.4, checkedBags: 2, refund: yes(100), change: yes(0), seatSelection: true },
  ],
  business: [
    { name: 'Business', factor: 1, checkedBags: 2, refund: yes(200), change: yes(0), seatSelection: true },
    { name: 'Business Flex', factor: 1.3, checkedBags: 3, refund: yes(0), change: yes(0), seatSelection: true },
  ],
  first: [{ name: 'First', factor: 1, checkedBags: 3, refund: yes(0), change: yes(0), seatSelection: true }],
};

/** The fare brands sold in a cabin; low-cost carriers sell no fully flexible economy fare. */
export function fareBrands(cabin: CabinClass, lowCost: boolean): FareBrand[] {
  const brands = BRANDS[cabin];
  return lowCost && cabin === 'economy' ? brands.slice(0, 2) : brands;
}

const CABIN_NAMES: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business',
  first: 'First',
};

export function cabinMarketingName(cabin: CabinClass): string {
  return CABIN_NAMES[cabin];
}
