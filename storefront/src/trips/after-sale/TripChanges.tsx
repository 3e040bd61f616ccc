import { formatDate, formatPrice } from '@contrail/shared/results/format';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../ui/button';
import { findPurchaseBankCheck } from '../purchase-bank-check';
import type { Trip } from '../trip-view';
import { AddBags } from './AddBags';
import { AddSeats } from './AddSeats';
import { useTripPurchasesQuery } from './afterSaleApi';
import { ChangeFlights } from './ChangeFlights';
import { FinishBankCheck } from './FinishBankCheck';

/** What was bought after booking: changes of flights and bags, each with what the card was charged. */
function Purchases({ trip }: { trip: Trip }) {
  const purchases = useTripPurchasesQuery(trip.id).data ?? [];
  if (purchases.length === 0) return null;
  return (
    <section aria-label="Changes and extras" className="text-sm">
      <h3 className="font-semibold">Changes and extras</h3>
      <ul className="mt-1 grid gap-0.5">
        {purchases.map((purchase) => (
          <li key={purchase.purchaseId}>
            {purchase.kind === 'change'
              ? 'Flights changed'
              : [
                  ...purchase.bags.map(
                    (bag) =>
                      `${bag.quantity} ${bag.kind === 'checked' ? 'checked bag' : 'carry-on bag'}${bag.quantity > 1 ? 's' : ''}`,
                  ),
                  ...(purchase.seats.length > 0
                    ? [
                        `Seat${purchase.seats.length > 1 ? 's' : ''} ${purchase.seats.map((s) => s.designator).join(', ')}`,
                      ]
                    : []),
                ].join(', ')}{' '}
            · {formatPrice(purchase.amount, purchase.currency)}
            <span className="text-muted-foreground"> · {formatDate(purchase.at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A trip's changes and extras (issue 36): what was bought, and while confirmed and upcoming, change date, add bags and seats. */
export function TripChanges({ trip }: { trip: Trip }) {
  const [open, setOpen] = useState<'bags' | 'seats' | 'date' | null>(null);
  // Back from the bank's 3-D Secure check on one of this trip's purchases: it is finished first.
  const { search } = useLocation();
  const [bankCheck] = useState(() => findPurchaseBankCheck(search, trip.id));
  const upcoming = trip.status === 'confirmed';
  return (
    <>
      <Purchases trip={trip} />
      {bankCheck && <FinishBankCheck tripId={trip.id} check={bankCheck} />}
      {upcoming && open === null && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => setOpen('bags')}>
            Add bags
          </Button>
          <Button type="button" variant="outline" onClick={() => setOpen('seats')}>
            Add seats
          </Button>
          <Button type="button" variant="outline" onClick={() => setOpen('date')}>
            Change date
          </Button>
        </div>
      )}
      {upcoming && open === 'bags' && <AddBags trip={trip} />}
      {upcoming && open === 'seats' && <AddSeats trip={trip} />}
      {upcoming && open === 'date' && <ChangeFlights trip={trip} />}
    </>
  );
}
