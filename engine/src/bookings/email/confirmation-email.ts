import { isOutAndBack, sliceLabel } from '@contrail/shared/flights/slice-label';
import { bagLines, bagLineText } from '@contrail/shared/booking/bags-shown';
import type { BookingPurchase } from '@contrail/shared/booking/after-sale';
import { seatLines, seatLineText } from '@contrail/shared/booking/seats-shown';
import { formatPrice } from '@contrail/shared/results/format';
import type { BookingView } from '../read-model/view.js';
import { plainEmail, type Email } from '../../email/plain-email.js';

export interface SliceLike {
  origin: { iata_code: string; city_name: string };
  destination: { iata_code: string; city_name: string };
  departure_time: string;
  arrival_time: string;
}

function flightLines(view: BookingView): string[] {
  return flightLinesOf(view.bookingData.slices as SliceLike[]);
}

/** One line per flight; a multi-city trip's each named "Flight 1", "Flight 2"... (issue 34). */
export function flightLinesOf(slices: readonly SliceLike[]): string[] {
  const named = !isOutAndBack(slices);
  return slices.map(
    (slice, index) =>
      `${named ? `${sliceLabel(slices, index)}: ` : ''}${slice.origin.city_name} (${slice.origin.iata_code}) to ${slice.destination.city_name} (${slice.destination.iata_code}): ` +
      `departs ${slice.departure_time.replace('T', ' ').slice(0, 16)}, arrives ${slice.arrival_time.replace('T', ' ').slice(0, 16)}`,
  );
}

/** Seats bought, one line per passenger and flight (issue 20 item 4). */
function seatsShown(view: BookingView): string[] {
  const data = view.bookingData;
  const names = data.passengers.map((passenger) => ({
    id: passenger.id,
    name: `${passenger.given_name} ${passenger.family_name}`,
  }));
  const seats = data.seats.map((seat) => ({
    passengerId: seat.passenger_id,
    segmentId: seat.segment_id,
    designator: seat.designator,
  }));
  return seatLines(seats, data.slices as Parameters<typeof seatLines>[1], names).map(seatLineText);
}

/** Bags bought, one line per bag service (issue 35): "Bags: 1 checked bag: Jane Doe, JFK → LHR". */
function bagsShown(view: BookingView): string[] {
  const data = view.bookingData;
  const names = data.passengers.map((passenger) => ({
    id: passenger.id,
    name: `${passenger.given_name} ${passenger.family_name}`,
  }));
  const bags = data.bags.map((bag) => ({
    kind: bag.kind,
    quantity: bag.quantity,
    passengerIds: bag.passenger_ids,
    segmentIds: bag.segment_ids,
    price: formatPrice(bag.amount, bag.currency),
  }));
  return bagLines(bags, data.slices as Parameters<typeof bagLines>[1], names).map(
    (line) => `Bags: ${bagLineText(line)}`,
  );
}

/** The refund of a cancellation: how much, to which card, what was kept and why, when (issue 20 item 2). */
function refundLines(view: BookingView): string[] {
  const { refund } = view.bookingData;
  if (!refund) return ['Any refund goes back to the card you paid with; it can take 7 to 30 business days to appear.'];
  const card = refund.cardLast4 ? `your card ending ${refund.cardLast4}` : 'the card you paid with';
  if (Number(refund.amount) === 0) return ['No refund is due under the fare rules.'];
  return [
    `Refund: ${formatPrice(refund.amount, refund.currency)} to ${card}.`,
    ...refund.kept.map((fee) => `${fee.label} kept: ${formatPrice(fee.amount, refund.currency)}. ${fee.reason}`),
    refund.timing,
  ];
}

/** Changes and bags bought after booking (issue 36): the one this email is about first, charged to the card. */
function purchaseLines(view: BookingView, purchaseId: string | undefined): string[] {
  const purchases = (view.bookingData as { purchases?: BookingPurchase[] }).purchases ?? [];
  const card = ' to your card';
  return purchases.map((purchase) => {
    const what =
      purchase.kind === 'change'
        ? 'Change of flights'
        : [
            ...purchase.bags.map((bag) => `${bag.quantity} ${bag.kind === 'checked' ? 'checked' : 'carry-on'} bag(s)`),
            ...(purchase.seats.length > 0
              ? [`Seat(s) ${purchase.seats.map((seat) => seat.designator).join(', ')}`]
              : []),
          ].join(', ');
    const now = purchase.purchaseId === purchaseId ? ' (this update)' : '';
    return `${what}: ${formatPrice(purchase.amount, purchase.currency)} charged${card}${now}.`;
  });
}

/** The confirmation (or cancellation notice) as text and HTML; the same text is the booking answer's emailContent. */
export function confirmationEmail(
  view: BookingView,
  brandName: string,
  kind: 'confirmed' | 'cancelled' | 'updated',
  purchaseId?: string,
): Email {
  const reference = view.reference ?? view.id;
  const data = view.bookingData;
  const traveller = data.passengers[0];
  const greeting = traveller ? `Dear ${traveller.given_name} ${traveller.family_name},` : 'Hello,';
  const headline = {
    confirmed: `Your booking ${reference} is confirmed.`,
    cancelled: `Your booking ${reference} has been cancelled.`,
    updated: `Your booking ${reference} has been updated.`,
  }[kind];
  const lines = [
    greeting,
    '',
    headline,
    '',
    'Flights:',
    ...flightLines(view).map((line) => `- ${line}`),
    '',
    `Passengers: ${data.passengers.map((p) => `${p.given_name} ${p.family_name}`).join(', ')}`,
    ...seatsShown(view),
    ...bagsShown(view),
    ...purchaseLines(view, purchaseId),
    `Total paid: ${formatPrice(data.total_amount, data.total_currency)}${data.card_last4 ? ` (card ending ${data.card_last4})` : ''}`,
    `Booking reference: ${reference}`,
    `Booking id: ${view.id}`,
    '',
    ...(kind !== 'cancelled' ? ['You can see and manage this trip under My Trips.'] : refundLines(view)),
    '',
    `${brandName}`,
  ];
  const subject = {
    confirmed: `Booking Confirmed - ${reference}`,
    cancelled: `Booking Cancelled - ${reference}`,
    updated: `Booking Updated - ${reference}`,
  }[kind];
  return plainEmail(subject, lines);
}
