import { addDays, format } from 'date-fns';

export interface Deal {
  origin: string;
  destination: string;
  originCode: string;
  destinationCode: string;
  basePrice: number;
  airline: string;
  /** Days from today to the first and last travel date the deal covers. */
  fromDay: number;
  toDay: number;
  tags: readonly string[];
}

/** The four static deal cards of seed 000 §1 and §9. */
export const DEALS: readonly Deal[] = [
  {
    origin: 'New York',
    destination: 'Los Angeles',
    originCode: 'JFK',
    destinationCode: 'LAX',
    basePrice: 189,
    airline: 'Delta Air Lines',
    fromDay: 21,
    toDay: 45,
    tags: ['Non-stop', 'Popular'],
  },
  {
    origin: 'Chicago',
    destination: 'London',
    originCode: 'ORD',
    destinationCode: 'LHR',
    basePrice: 449,
    airline: 'British Airways',
    fromDay: 30,
    toDay: 60,
    tags: ['International', 'Flash sale'],
  },
  {
    origin: 'San Francisco',
    destination: 'Tokyo',
    originCode: 'SFO',
    destinationCode: 'NRT',
    basePrice: 599,
    airline: 'United Airlines',
    fromDay: 35,
    toDay: 75,
    tags: ['Long haul'],
  },
  {
    origin: 'Miami',
    destination: 'Cancún',
    originCode: 'MIA',
    destinationCode: 'CUN',
    basePrice: 159,
    airline: 'American Airlines',
    fromDay: 14,
    toDay: 40,
    tags: ['Beach', 'Weekend'],
  },
];

/** The deal's travel window as dates, counted from `today`. */
export function dealDates(deal: Deal, today = new Date()) {
  const from = addDays(today, deal.fromDay);
  const to = addDays(today, deal.toDay);
  return {
    departureDate: format(from, 'yyyy-MM-dd'),
    range: `${format(from, 'MMM d')} - ${format(to, 'MMM d')}`,
  };
}
