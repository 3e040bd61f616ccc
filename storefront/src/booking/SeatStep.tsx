import { isBasicFare } from '@contrail/shared/flights/fare';
import { sliceLabel } from '@contrail/shared/flights/slice-label';
import { seatsTogether } from '@contrail/shared/booking/seats-together';
import type { FlightOffer } from '@contrail/shared/flights/offer';
import type { SeatMapView } from '@contrail/shared/flights/seat-map';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Info from 'lucide-react/icons/info';
import Users from 'lucide-react/icons/users';
import { useState } from 'react';
import { errorMessage } from '../app/api-error';
import { useSeatMapsQuery } from '../flight/flightApi';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/use-toast';
import { formatPrice } from '@contrail/shared/results/format';
import { SeatMapPicker, type SeatPassenger } from '../ui/seat-map/SeatMapPicker';
import {
  SEAT_MESSAGES,
  allSeatsChosen,
  chooseSeat,
  choosableMaps,
  nextPassengerWithoutSeat,
  type SeatChoice,
} from './seats';

export interface SeatStepProps {
  offer: FlightOffer;
  /** Passengers who take a seat (lap infants do not), in form order. */
  passengers: SeatPassenger[];
  choices: SeatChoice[];
  onChoicesChange: (choices: SeatChoice[]) => void;
  /** Back to Passenger Details, Skip Seat Selection, Continue to Payment. */
  moves: { onBack: () => void; onSkip: () => void; onContinue: () => void };
}

function Notice({ tone, title, children }: { tone: 'info' | 'warning'; title?: string; children: string }) {
  const Icon = tone === 'info' ? Info : AlertTriangle;
  return (
    <div
      role={tone === 'warning' ? 'alert' : 'note'}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-4 py-3 text-sm',
        tone === 'info' ? 'border-primary/30 bg-primary/5' : 'border-warning/60 bg-warning/10',
      )}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>
        {title && <p className="font-semibold">{title}</p>}
        <p>{children}</p>
      </div>
    </div>
  );
}

/**
 * Seed 001 §2 seat step, extended (issue 10): each passenger in turn chooses a seat on every flight;
 * chosen seats' prices join the total. Skipping is always allowed, and continuing is allowed when
 * there is no seat map to choose from.
 */
export function SeatStep({ offer, passengers, choices, onChoicesChange, moves }: SeatStepProps) {
  const { onBack, onSkip, onContinue } = moves;
  const { toast } = useToast();
  const { data, error, isLoading } = useSeatMapsQuery(offer.id);
  const [active, setActive] = useState<Record<string, number>>({});
  const [missing, setMissing] = useState(false);
  const maps = choosableMaps(data ?? []);
  const passengerIds = passengers.map((passenger) => passenger.id);

  const continueToPayment = () => {
    if (maps.length > 0 && !allSeatsChosen(maps, passengerIds, choices)) {
      setMissing(true);
      toast({ title: SEAT_MESSAGES.requiredTitle, description: SEAT_MESSAGES.required, variant: 'destructive' });
      return;
    }
    onContinue();
  };

  /** Issue 33: neighbouring seats for everyone on this flight, replacing the ones chosen on it. */
  const seatTogether = (map: SeatMapView) => {
    const together = seatsTogether(map, passengerIds);
    if (!together) {
      toast({
        title: 'No seats together',
        description: `There are no ${passengerIds.length} seats together free on this flight: please choose seats one by one.`,
        variant: 'destructive',
      });
      return;
    }
    const others = choices.filter((choice) => choice.segmentId !== map.segment_id);
    onChoicesChange([...others, ...together.map((seat) => ({ ...seat, segmentId: map.segment_id }))]);
  };

  let body;
  if (isLoading) {
    body = (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Loading seat maps...
      </p>
    );
  } else if (error) {
    body = (
      <Notice tone="warning" title={SEAT_MESSAGES.unavailableTitle}>
        {`${SEAT_MESSAGES.unavailable} (${errorMessage(error)})`}
      </Notice>
    );
  } else if (maps.length === 0) {
    body = <Notice tone="info">{SEAT_MESSAGES.missing}</Notice>;
  } else {
    body = offer.slices.map((slice, sliceIndex) => {
      const sliceMaps = maps.filter((map) => map.slice_id === slice.id);
      if (sliceMaps.length === 0) return null;
      return (
        <section
          key={slice.id}
          className="grid min-w-0 grid-cols-1 gap-3"
          aria-label={`${sliceLabel(offer.slices, sliceIndex)} seats`}
        >
          <h3 className="text-lg font-bold">
            {sliceLabel(offer.slices, sliceIndex)}: {slice.origin?.iata_code} to {slice.destination?.iata_code}
          </h3>
          {sliceMaps.map((map) => {
            const segment = slice.segments.find((each) => each.id === map.segment_id);
            const title = segment
              ? `${segment.origin?.iata_code} to ${segment.destination?.iata_code} · ${segment.flight_number}`
              : 'Flight';
            const current = Math.min(active[map.segment_id] ?? 0, Math.max(0, passengers.length - 1));
            return (
              <div key={map.id} className="grid min-w-0 grid-cols-1 gap-3">
                <div role="radiogroup" aria-label={`Choosing a seat on ${title} for`} className="flex flex-wrap gap-2">
                  {passengers.map((passenger, index) => {
                    const seat = choices.find((c) => c.segmentId === map.segment_id && c.passengerId === passenger.id);
                    return (
                      <button
                        key={passenger.id}
                        type="button"
                        role="radio"
                        aria-checked={index === current}
                        onClick={() => setActive({ ...active, [map.segment_id]: index })}
                        className={cn(
                          'rounded-full border px-3 py-1.5 text-sm',
                          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                          index === current
                            ? 'border-primary-surface bg-primary-surface text-primary-foreground'
                            : 'border-border bg-background',
                          missing && !seat && 'border-destructive',
                        )}
                      >
                        {passenger.label}:{' '}
                        <span className="font-semibold">
                          {seat
                            ? `${seat.designator}${seat.amount > 0 ? ` (${formatPrice(seat.amount, seat.currency)})` : ''}`
                            : 'No seat'}
                        </span>
                      </button>
                    );
                  })}
                </div>
                {passengers.length > 1 && (
                  <Button variant="outline" size="sm" className="justify-self-start" onClick={() => seatTogether(map)}>
                    <Users className="h-4 w-4" aria-hidden /> Seat us together
                  </Button>
                )}
                <SeatMapPicker
                  map={map}
                  title={title}
                  passengers={passengers}
                  activePassenger={current}
                  choices={choices}
                  onChoose={(choice) => {
                    const next = chooseSeat(choices, choice);
                    onChoicesChange(next);
                    setActive({
                      ...active,
                      [map.segment_id]: nextPassengerWithoutSeat(map.segment_id, passengerIds, next, current),
                    });
                  }}
                />
              </div>
            );
          })}
        </section>
      );
    });
  }

  return (
    <Card className="grid grid-cols-1 gap-5 p-4 sm:p-6">
      <h2 className="text-2xl font-bold">Seat Selection</h2>
      {isBasicFare(offer) && (
        <Notice tone="info" title="Basic Economy fares">
          {SEAT_MESSAGES.basicEconomy}
        </Notice>
      )}
      {missing && maps.length > 0 && !allSeatsChosen(maps, passengerIds, choices) && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm font-medium"
        >
          {SEAT_MESSAGES.requiredTitle}: {SEAT_MESSAGES.required}
        </p>
      )}
      {body}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-between">
        <Button variant="ghost" onClick={onBack}>
          Back to Passenger Details
        </Button>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="outline" onClick={onSkip}>
            Skip Seat Selection
          </Button>
          <Button onClick={continueToPayment} disabled={isLoading}>
            Continue to Payment
          </Button>
        </div>
      </div>
    </Card>
  );
}
