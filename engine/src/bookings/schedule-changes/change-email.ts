import { localTimeLabel, scheduleChangeLabels, type ChangedFlight } from '@contrail/shared/booking/schedule-change';
import { plainEmail, type Email } from '../../email/plain-email.js';

const flightLine = (flight: ChangedFlight) =>
  `${flight.flight} ${flight.origin} to ${flight.destination}: departs ${localTimeLabel(flight.departingAt)}, arrives ${localTimeLabel(flight.arrivingAt)}`;

/** The email telling the traveller the airline moved their flights, old and new times, and what they can do. */
export function scheduleChangeEmail(input: {
  reference: string;
  travellerName: string | null;
  before: ChangedFlight[];
  after: ChangedFlight[];
  brandName: string;
}): Email {
  const lines = [
    input.travellerName ? `Dear ${input.travellerName},` : 'Hello,',
    '',
    `The airline has changed the flights of your booking ${input.reference}.`,
    '',
    `${scheduleChangeLabels.before}:`,
    ...input.before.map((flight) => `- ${flightLine(flight)}`),
    '',
    `${scheduleChangeLabels.after}:`,
    ...input.after.map((flight) => `- ${flightLine(flight)}`),
    '',
    'Open My Trips to accept the new times, or cancel the trip with a full refund.',
    scheduleChangeLabels.fullRefund,
    '',
    input.brandName,
  ];
  return plainEmail(`${scheduleChangeLabels.actionNeeded}: your flights have changed - ${input.reference}`, lines);
}
