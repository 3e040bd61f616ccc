import type { CardDetailsInput } from '@contrail/shared/booking/contracts';
import type { SeatMapView } from '@contrail/shared/flights/seat-map';
import { formatPrice } from '@contrail/shared/results/format';
import { useState } from 'react';
import { SeatMapPicker, type SeatPassenger } from '../../ui/seat-map/SeatMapPicker';
import { choosableMaps, chooseSeat, seatsTotal, type SeatChoice } from '../../ui/seat-map/seats';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import type { Trip } from '../trip-view';
import { useBuyExtrasMutation, useTripSeatMapsQuery } from './afterSaleApi';
import { followBankCheck, usePurchaseReturnPath } from './bank-check';
import { PurchaseCard } from './PurchaseCard';
import { OptionsState, PurchaseDone, PurchaseFailure } from './purchase-outcome';

/** The passengers the seat maps sell seats to, named as on the trip. */
function seatedPassengers(trip: Trip, maps: SeatMapView[]): SeatPassenger[] {
  const sold = new Set(
    maps.flatMap((map) =>
      map.cabins.flatMap((cabin) =>
        cabin.rows.flatMap((row) =>
          row.sections.flatMap((section) =>
            section.elements.flatMap((element) => (element.available_services ?? []).map((s) => s.passenger_id)),
          ),
        ),
      ),
    ),
  );
  return trip.data.passengers
    .filter((passenger) => sold.has(passenger.id))
    .map((passenger) => ({
      id: passenger.id,
      label: `${passenger.given_name ?? ''} ${passenger.family_name ?? ''}`.trim() || 'Passenger',
    }));
}

function flightTitle(trip: Trip, map: SeatMapView): string {
  const segment = trip.data.slices.flatMap((slice) => slice.segments).find((each) => each.id === map.segment_id);
  return segment
    ? `${segment.origin?.iata_code} to ${segment.destination?.iata_code} · ${segment.flight_number}`
    : 'Flight';
}

/** One flight's map with the passenger being seated on it. */
function FlightSeats(props: {
  trip: Trip;
  map: SeatMapView;
  passengers: SeatPassenger[];
  choices: SeatChoice[];
  onChoices: (choices: SeatChoice[]) => void;
}) {
  const { map, passengers, choices } = props;
  const [current, setCurrent] = useState(0);
  const title = flightTitle(props.trip, map);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <h4 className="font-semibold">{title}</h4>
      {passengers.length > 1 && (
        <div role="radiogroup" aria-label={`Choosing a seat on ${title} for`} className="flex flex-wrap gap-2">
          {passengers.map((passenger, index) => {
            const seat = choices.find((c) => c.segmentId === map.segment_id && c.passengerId === passenger.id);
            return (
              <button
                key={passenger.id}
                type="button"
                role="radio"
                aria-checked={index === current}
                onClick={() => setCurrent(index)}
                className={cn(
                  'rounded-full border px-3 py-1.5 text-sm',
                  index === current
                    ? 'border-primary-surface bg-primary-surface text-primary-foreground'
                    : 'border-border bg-background',
                )}
              >
                {passenger.label}: <span className="font-semibold">{seat ? seat.designator : 'No new seat'}</span>
              </button>
            );
          })}
        </div>
      )}
      <SeatMapPicker
        map={map}
        title={title}
        passengers={passengers}
        activePassenger={current}
        choices={choices}
        onChoose={(choice) => props.onChoices(chooseSeat(choices, choice))}
      />
    </div>
  );
}

/** Add seats to a booked trip (issue 36): the airline's seat maps for its flights, at its prices, paid by card. */
export function AddSeats({ trip }: { trip: Trip }) {
  const seatMaps = useTripSeatMapsQuery(trip.id);
  const [choices, setChoices] = useState<SeatChoice[]>([]);
  const [card, setCard] = useState<CardDetailsInput | null>(null);
  const [buy, bought] = useBuyExtrasMutation();
  const returnPath = usePurchaseReturnPath();
  const maps = choosableMaps(seatMaps.data?.seatMaps ?? []);
  const passengers = seatedPassengers(trip, maps);
  const currency = choices[0]?.currency ?? trip.data.total_currency ?? 'USD';
  const totalText = seatsTotal(choices).toFixed(2);
  if (bought.data?.success) return <PurchaseDone bought={bought} />;
  if (seatMaps.isLoading || seatMaps.isError) return <OptionsState query={seatMaps} loading="Loading seats..." />;
  if (maps.length === 0 || passengers.length === 0)
    return <p className="text-sm text-muted-foreground">No seats can be chosen on these flights.</p>;
  const pay = () =>
    buy({
      id: trip.id,
      body: {
        seats: choices.map((choice) => ({ serviceId: choice.serviceId })),
        amount: totalText,
        currency,
        ...(card && { cardDetails: card }),
        returnPath,
      },
    })
      .unwrap()
      .then((answer) => followBankCheck(trip.id, answer))
      .catch(() => undefined);
  return (
    <section aria-label="Add seats" className="grid min-w-0 gap-4 text-sm">
      <h3 className="font-semibold">Add seats</h3>
      {maps.map((map) => (
        <FlightSeats
          key={map.id}
          trip={trip}
          map={map}
          passengers={passengers}
          choices={choices}
          onChoices={setChoices}
        />
      ))}
      {choices.length > 0 && (
        <>
          <ul className="grid gap-0.5" aria-label="Seats chosen">
            {choices.map((choice) => (
              <li key={`${choice.segmentId}:${choice.passengerId}`}>
                {passengers.find((p) => p.id === choice.passengerId)?.label}: seat {choice.designator} ·{' '}
                {choice.amount > 0 ? formatPrice(choice.amount, choice.currency) : 'Free'}
              </li>
            ))}
          </ul>
          <PurchaseCard onChange={setCard} />
          <Button type="button" disabled={bought.isLoading} onClick={pay}>
            {bought.isLoading ? 'Paying...' : `Pay ${formatPrice(totalText, currency)} and add seats`}
          </Button>
        </>
      )}
      <PurchaseFailure bought={bought} />
    </section>
  );
}
