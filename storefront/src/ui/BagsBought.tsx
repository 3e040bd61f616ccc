import { bagLines } from '@contrail/shared/booking/bags-shown';
import type { BookingBag, BookingData } from '@contrail/shared/booking/view';
import { formatPrice } from '@contrail/shared/results/format';

/**
 * Bags bought with a booking (issue 35), one line per bag service: how many, whose, the flights
 * they travel on and their price; nothing when none were. My Trips and the support desk show it.
 */
export function BagsBought({
  bags,
  slices,
  passengers,
}: {
  bags: readonly BookingBag[];
  slices: BookingData['slices'];
  passengers: ReadonlyArray<{ id?: string; name: string }>;
}) {
  const lines = bagLines(
    bags.map((bag) => ({
      kind: bag.kind,
      quantity: bag.quantity,
      passengerIds: bag.passenger_ids,
      segmentIds: bag.segment_ids,
      price: formatPrice(bag.amount, bag.currency),
    })),
    slices,
    passengers,
  );
  if (lines.length === 0) return null;
  return (
    <section aria-label="Bags" className="text-sm">
      <h3 className="font-semibold">Bags</h3>
      <ul className="mt-1 grid gap-0.5">
        {lines.map((line) => (
          <li key={`${line.flight}-${line.passengers}-${line.bags}`}>
            <span className="font-semibold">{line.bags}</span> · {line.passengers}
            <span className="text-muted-foreground">
              {' '}
              · {line.flight}
              {line.price && ` · ${line.price}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
