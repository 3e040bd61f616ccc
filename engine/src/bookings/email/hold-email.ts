import { formatPrice } from '@contrail/shared/results/format';
import { plainEmail, type Email } from '../../email/plain-email.js';
import type { WithHold } from '@contrail/shared/booking/hold-view';
import type { BookingView } from '../read-model/view.js';

export type HoldEmailKind = 'held' | 'hold-reminder-24h' | 'hold-reminder-2h' | 'hold-expired';

/** An instant as the email says it: UTC, to the minute ("2026-11-30 10:55 UTC"). */
const utc = (instant: string) => `${new Date(instant).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const HEADLINES: Record<HoldEmailKind, (reference: string, deadline: string) => string> = {
  held: (reference, deadline) =>
    `Your price for trip ${reference} is held until ${deadline}. Nothing has been charged.`,
  'hold-reminder-24h': (reference, deadline) =>
    `Reminder: trip ${reference} is held for less than 24 hours more, until ${deadline}.`,
  'hold-reminder-2h': (reference, deadline) =>
    `Last reminder: trip ${reference} is held for less than 2 hours more, until ${deadline}.`,
  'hold-expired': (reference) =>
    `The hold on trip ${reference} has expired: the airline released the seats and nothing was charged.`,
};

const SUBJECTS: Record<HoldEmailKind, (reference: string) => string> = {
  held: (reference) => `Price Held - ${reference}`,
  'hold-reminder-24h': (reference) => `Pay within 24 hours - ${reference}`,
  'hold-reminder-2h': (reference) => `Pay within 2 hours - ${reference}`,
  'hold-expired': (reference) => `Hold Expired - ${reference}`,
};

/** What the traveller is told of a held trip (issue 36): the deadline, the price, where to pay. */
export function holdEmail(view: WithHold<BookingView>, brandName: string, kind: HoldEmailKind): Email {
  const reference = view.reference ?? view.id;
  const traveller = view.bookingData.passengers[0];
  const hold = view.hold;
  const deadline = hold ? utc(hold.paymentRequiredBy) : '';
  const lines = [
    traveller ? `Dear ${traveller.given_name} ${traveller.family_name},` : 'Hello,',
    '',
    HEADLINES[kind](reference, deadline),
    '',
    ...(hold && kind !== 'hold-expired'
      ? [
          `Price to pay: ${formatPrice(hold.amount, hold.currency)}`,
          ...(hold.priceGuaranteeExpiresAt
            ? [`The airline guarantees this price until ${utc(hold.priceGuaranteeExpiresAt)}.`]
            : []),
          'Pay for it under My Trips with Pay Now before the deadline, or it will be released.',
        ]
      : ['You can search for the flight again to book it at the current price.']),
    `Booking reference: ${reference}`,
    '',
    brandName,
  ];
  return plainEmail(SUBJECTS[kind](reference), lines);
}
