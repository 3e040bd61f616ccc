import type { ChangeOfferView } from '@contrail/shared/booking/after-sale';
import type { CardDetailsInput } from '@contrail/shared/booking/contracts';
import { formatDate, formatPrice, formatTime } from '@contrail/shared/results/format';
import { useState } from 'react';
import { errorMessage } from '../../app/api-error';
import { TextField } from '../../forms/fields';
import { Button } from '../../ui/button';
import type { Trip } from '../trip-view';
import { useBuyChangeMutation, useChangeOffersMutation } from './afterSaleApi';
import { followBankCheck, usePurchaseReturnPath } from './bank-check';
import { PurchaseCard } from './PurchaseCard';
import { PurchaseDone, PurchaseFailure } from './purchase-outcome';

function OfferChoice({ offer, chosen, onChoose }: { offer: ChangeOfferView; chosen: boolean; onChoose: () => void }) {
  return (
    <li>
      <label className="flex cursor-pointer items-start gap-2 rounded-lg border border-border p-3 has-[:checked]:border-primary">
        <input type="radio" name="change-offer" checked={chosen} onChange={onChoose} className="mt-1" />
        <span className="grid gap-0.5">
          {offer.flights.map((flight) => (
            <span key={`${flight.origin}-${flight.departingAt}`}>
              {flight.origin} → {flight.destination}: {formatDate(flight.departingAt)} ·{' '}
              {formatTime(flight.departingAt)} – {formatTime(flight.arrivingAt)}{' '}
              <span className="text-muted-foreground">({flight.flightNumbers.join(', ')})</span>
            </span>
          ))}
          <span className="text-muted-foreground">
            Fare difference {formatPrice(offer.fareDifference, offer.currency)} · Change penalty{' '}
            {formatPrice(offer.penalty, offer.currency)}
          </span>
          <span className="font-semibold">To pay: {formatPrice(offer.amount, offer.currency)}</span>
        </span>
      </label>
    </li>
  );
}

/** Change the date of a flight (issue 36): the airline's change offers, the fare difference and penalty, paid by card. */
export function ChangeFlights({ trip }: { trip: Trip }) {
  const [sliceIndex, setSliceIndex] = useState(0);
  const [date, setDate] = useState('');
  const [chosen, setChosen] = useState<ChangeOfferView | null>(null);
  const [card, setCard] = useState<CardDetailsInput | null>(null);
  const [search, searched] = useChangeOffersMutation();
  const [buy, bought] = useBuyChangeMutation();
  const returnPath = usePurchaseReturnPath();
  const offers = searched.data;
  const find = async () => {
    setChosen(null);
    await search({ id: trip.id, sliceIndex, departureDate: date })
      .unwrap()
      .catch(() => undefined);
  };
  const pay = async () => {
    if (!chosen) return;
    const nothingToPay = Number(chosen.amount) === 0;
    await buy({
      id: trip.id,
      body: {
        changeOfferId: chosen.id,
        amount: chosen.amount,
        currency: chosen.currency,
        ...(!nothingToPay && card && { cardDetails: card }),
        returnPath,
      },
    })
      .unwrap()
      .then((answer) => followBankCheck(trip.id, answer))
      .catch(() => undefined);
  };
  if (bought.data?.success) return <PurchaseDone bought={bought} />;
  return (
    <section aria-label="Change flights" className="grid gap-3 text-sm">
      <h3 className="font-semibold">Change date</h3>
      <div className="grid grid-cols-2 gap-3">
        {trip.data.slices.length > 1 && (
          <label className="grid gap-1.5 text-sm font-medium">
            Flight to change
            <select
              className="h-11 rounded-md border border-input bg-background px-2"
              value={sliceIndex}
              onChange={(event) => setSliceIndex(Number(event.target.value))}
            >
              {trip.data.slices.map((slice, index) => (
                <option key={slice.id ?? index} value={index}>
                  {slice.origin.iata_code} → {slice.destination.iata_code}
                </option>
              ))}
            </select>
          </label>
        )}
        <TextField label="New date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </div>
      <Button type="button" variant="outline" disabled={!date || searched.isLoading} onClick={find}>
        {searched.isLoading ? 'Searching...' : 'Find flights'}
      </Button>
      {searched.isError && (
        <p role="alert" className="font-medium text-destructive-text">
          {errorMessage(searched.error)}
        </p>
      )}
      {offers && offers.length === 0 && <p role="status">No flights are available on that date. Try another date.</p>}
      {offers && offers.length > 0 && (
        <ul className="grid gap-2" aria-label="New flights">
          {offers.map((offer) => (
            <OfferChoice
              key={offer.id}
              offer={offer}
              chosen={chosen?.id === offer.id}
              onChoose={() => setChosen(offer)}
            />
          ))}
        </ul>
      )}
      {chosen && Number(chosen.amount) > 0 && <PurchaseCard onChange={setCard} />}
      {chosen && (
        <Button type="button" disabled={bought.isLoading} onClick={pay}>
          {bought.isLoading ? 'Paying...' : `Pay ${formatPrice(chosen.amount, chosen.currency)} and change`}
        </Button>
      )}
      <PurchaseFailure bought={bought} />
    </section>
  );
}
