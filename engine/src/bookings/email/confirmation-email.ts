import type { BookingView } from '../read-model/view.js';

export interface ConfirmationEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

interface SliceLike {
  origin: { iata_code: string; city_name: string };
  destination: { iata_code: string; city_name: string };
  departure_time: string;
  arrival_time: string;
}

function flightLines(view: BookingView): string[] {
  return (view.bookingData.slices as SliceLike[]).map(
    (slice) =>
      `${slice.origin.city_name} (${slice.origin.iata_code}) to ${slice.destination.city_name} (${slice.destination.iata_code}): ` +
      `departs ${slice.departure_time.replace('T', ' ').slice(0, 16)}, arrives ${slice.arrival_time.replace('T', ' ').slice(0, 16)}`,
  );
}

/** The confirmation (or cancellation notice) as text and HTML; the same text is the booking answer's emailContent. */
export function confirmationEmail(
  view: BookingView,
  brandName: string,
  kind: 'confirmed' | 'cancelled',
): ConfirmationEmail {
  const reference = view.reference ?? view.id;
  const data = view.bookingData;
  const traveller = data.passengers[0];
  const greeting = traveller ? `Dear ${traveller.given_name} ${traveller.family_name},` : 'Hello,';
  const headline =
    kind === 'confirmed' ? `Your booking ${reference} is confirmed.` : `Your booking ${reference} has been cancelled.`;
  const lines = [
    greeting,
    '',
    headline,
    '',
    'Flights:',
    ...flightLines(view).map((line) => `- ${line}`),
    '',
    `Passengers: ${data.passengers.map((p) => `${p.given_name} ${p.family_name}`).join(', ')}`,
    `Total paid: ${data.total_amount} ${data.total_currency}${data.card_last4 ? ` (card ending ${data.card_last4})` : ''}`,
    `Booking reference: ${reference}`,
    `Booking id: ${view.id}`,
    '',
    kind === 'confirmed'
      ? 'You can see and manage this trip under My Trips.'
      : 'Any refund goes back to the card you paid with; it can take 7 to 30 business days to appear.',
    '',
    `${brandName}`,
  ];
  const text = lines.join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">${lines
    .map((line) => (line === '' ? '<br>' : `<p style="margin:0">${escapeHtml(line)}</p>`))
    .join('')}</body></html>`;
  const subject = kind === 'confirmed' ? `Booking Confirmed - ${reference}` : `Booking Cancelled - ${reference}`;
  return { subject, text, html };
}
