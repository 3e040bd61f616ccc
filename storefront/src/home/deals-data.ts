import { formatDatePattern } from '@contrail/shared/results/date-pattern';
import { addDays } from 'date-fns/addDays';

export interface Deal {
  origin: string;
  destination: string;
  originCode: string;
  destinationCode: string;
  /** Days from today to the outbound and the return flight: the card's date range. */
  fromDay: number;
  toDay: number;
  /** Marketing tags; the stops tag comes from the offer itself. */
  tags: readonly string[];
}

/**
 * The four deal routes of seed 000 §1 and §9. Price, airline and stops are not written here: each
 * card shows the cheapest offer of its own search, so the results keep the card's promise.
 */
export const DEALS: readonly Deal[] = [
  {
    origin: 'New York',
    destination: 'Los Angeles',
    originCode: 'JFK',
    destinationCode: 'LAX',
    fromDay: 21,
    toDay: 28,
    tags: ['Popular'],
  },
  {
    origin: 'Chicago',
    destination: 'London',
    originCode: 'ORD',
    destinationCode: 'LHR',
    fromDay: 30,
    toDay: 40,
    tags: ['International', 'Flash sale'],
  },
  {
    origin: 'San Francisco',
    destination: 'Tokyo',
    originCode: 'SFO',
    destinationCode: 'NRT',
    fromDay: 35,
    toDay: 47,
    tags: ['Long haul'],
  },
  {
    origin: 'Miami',
    destination: 'Cancún',
    originCode: 'MIA',
    destinationCode: 'CUN',
    fromDay: 14,
    toDay: 18,
    tags: ['Beach', 'Weekend'],
  },
];

/** The deal's round trip as dates, counted from `today`, and as the card shows them. */
export function dealDates(deal: Deal, today = new Date()) {
  const from = addDays(today, deal.fromDay);
  const to = addDays(today, deal.toDay);
  return {
    departureDate: formatDatePattern(from, 'yyyy-MM-dd'),
    returnDate: formatDatePattern(to, 'yyyy-MM-dd'),
    range: `${formatDatePattern(from, 'MMM d')} - ${formatDatePattern(to, 'MMM d')}`,
  };
}
