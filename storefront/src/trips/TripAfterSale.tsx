import { seatLines } from '@contrail/shared/booking/seats-shown';
import { formatPrice } from '@contrail/shared/results/format';
import { BagsBought } from '../ui/BagsBought';
import type { Trip } from './trip-view';
import { RefundProgressLine } from './RefundProgress';

/** Seats bought, per passenger and flight (issue 20 item 4); nothing when none were. */
export function TripSeats({ trip }: { trip: Trip }) {
  const passengers = trip.data.passengers.map((passenger) => ({
    ...(passenger.id !== undefined && { id: passenger.id }),
    name: `${passenger.given_name ?? ''} ${passenger.family_name ?? ''}`.trim(),
  }));
  const lines = seatLines(
    trip.data.seats.map((seat) => ({
      passengerId: seat.passenger_id,
      segmentId: seat.segment_id,
      designator: seat.designator,
    })),
    trip.data.slices,
    passengers,
  );
  if (lines.length === 0) return null;
  return (
    <section aria-label="Seats" className="text-sm">
      <h3 className="font-semibold">Seats</h3>
      <ul className="mt-1 grid gap-0.5">
        {lines.map((line) => (
          <li key={`${line.flight}-${line.passenger}-${line.designator}`}>
            <span className="font-mono font-semibold">{line.designator}</span> · {line.passenger}
            <span className="text-muted-foreground"> · {line.flight}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Bags bought with the booking (issue 35), one line per bag service; nothing when none were. */
export function TripBags({ trip }: { trip: Trip }) {
  const passengers = trip.data.passengers.map((passenger) => ({
    ...(passenger.id !== undefined && { id: passenger.id }),
    name: `${passenger.given_name ?? ''} ${passenger.family_name ?? ''}`.trim(),
  }));
  return <BagsBought bags={trip.data.bags} slices={trip.data.slices} passengers={passengers} />;
}

/** A cancelled booking's refund: how much, to which card, what was kept and why, and when it arrives. */
export function TripRefund({ trip }: { trip: Trip }) {
  const { refund } = trip.data;
  if (!refund) return null;
  const amount = formatPrice(refund.amount, refund.currency);
  const card = refund.cardLast4 ? `your card ending ${refund.cardLast4}` : 'the card you paid with';
  return (
    <section aria-label="Refund" className="grid gap-1 text-sm">
      <h3 className="font-semibold">Refund</h3>
      <p>
        {Number(refund.amount) === 0
          ? 'No refund is due under the fare rules.'
          : refund.status === 'issued'
            ? `${amount} refunded to ${card}.`
            : `${amount} is being refunded to ${card}.`}
      </p>
      {refund.kept.length > 0 && (
        <ul className="text-muted-foreground">
          {refund.kept.map((fee) => (
            <li key={fee.kind}>
              {fee.label} kept: {formatPrice(fee.amount, refund.currency)}. {fee.reason}
            </li>
          ))}
        </ul>
      )}
      {refund.progress && <RefundProgressLine progress={refund.progress} />}
      {Number(refund.amount) > 0 && <p className="text-muted-foreground">{refund.timing}</p>}
    </section>
  );
}
