import { formatMoney } from '@contrail/shared/booking/money';
import type { DropRule } from '@contrail/shared/price-tracking/tracked-search';
import { plainEmail, type Email } from '../email/plain-email.js';
import type { TrackedSearch } from '@contrail/shared/price-tracking/tracked-search';

const routeOf = (search: TrackedSearch) =>
  `${search.origin} to ${search.destination}, ${
    search.when.kind === 'month' ? `any day in ${search.when.month}` : search.when.departureDate
  }${search.when.kind === 'date' && search.when.returnDate ? `, back ${search.when.returnDate}` : ''}`;

const ruleOf = (drop: DropRule, currency: string) =>
  drop.kind === 'percent' ? `${drop.percent}%` : formatMoney({ amount: drop.amountMinor, currency });

/** The double opt-in: nothing is checked or sent for an address until its owner follows this link. */
export function confirmTrackingEmail(input: { search: TrackedSearch; confirmUrl: string; brandName: string }): Email {
  return plainEmail(`Confirm your price alert: ${input.search.origin} to ${input.search.destination}`, [
    'Hello,',
    '',
    `Someone, hopefully you, asked ${input.brandName} to email this address when the price of a flight drops:`,
    routeOf(input.search),
    '',
    `Confirm the price alert: ${input.confirmUrl}`,
    '',
    'If it was not you, ignore this email: without the confirmation we send nothing more.',
    '',
    input.brandName,
  ]);
}

/** The drop: old and new price, the link that runs the search, and the one-click unsubscribe link. */
export function priceDropEmail(input: {
  search: TrackedSearch;
  drop: DropRule;
  oldMinor: number;
  newMinor: number;
  currency: string;
  departureDate: string | null;
  searchUrl: string;
  unsubscribeUrl: string;
  brandName: string;
}): Email {
  const money = (amount: number) => formatMoney({ amount, currency: input.currency });
  return plainEmail(`Price drop: ${input.search.origin} to ${input.search.destination} now ${money(input.newMinor)}`, [
    'Hello,',
    '',
    `The cheapest price of ${routeOf(input.search)} has dropped:`,
    `Was ${money(input.oldMinor)}, now ${money(input.newMinor)}${
      input.search.when.kind === 'month' && input.departureDate ? ` (departing ${input.departureDate})` : ''
    }.`,
    `You asked to hear of a drop of ${ruleOf(input.drop, input.currency)} or more.`,
    '',
    `See the flights: ${input.searchUrl}`,
    'Prices change often: the search shows what is on sale now.',
    '',
    `Stop these emails: ${input.unsubscribeUrl}`,
    '',
    input.brandName,
  ]);
}
