import { fromMinorUnits } from '@contrail/shared/booking/money';
import type { FlightOffer } from '@contrail/shared/flights/offer';
import {
  BAG_KIND_LABELS,
  cheapestBags,
  wantsBags,
  type BagChoice,
  type BagKind,
  type BagsWanted,
} from '@contrail/shared/pricing/bags';
import { formatPrice } from '@contrail/shared/results/format';
import { Luggage } from 'lucide-react';
import { BagsPicker } from '../bags/BagsPicker';
import { Card } from '../ui/card';

/** The bags chosen at checkout: what each traveller brings, the services that carry it and their price. */
export interface BagsSelection {
  wanted: BagsWanted;
  choices: BagChoice[];
  /** Their price in currency units (the airline's, as the cards added it). */
  amount: number;
  /** The kind of bag this fare cannot carry as asked, or null. */
  cannotCarry: BagKind | null;
}

/**
 * The bag services checkout pre-selects for the bags each traveller brings: the same shared rule
 * (`cheapestBags`) that priced the result card, over the offer's services as they stand now, so
 * the payment total equals the card's price.
 */
export function selectBags(offer: FlightOffer, wanted: BagsWanted): BagsSelection {
  if (!wantsBags(wanted)) return { wanted, choices: [], amount: 0, cannotCarry: null };
  const plan = cheapestBags(offer, wanted);
  if (!plan.carried) return { wanted, choices: [], amount: 0, cannotCarry: plan.kind };
  return { wanted, choices: plan.choices, amount: fromMinorUnits(plan.amount, plan.currency), cannotCarry: null };
}

/** Checkout's bags (on the seat step): change what each traveller brings; the total follows. */
export function BagsChoice({
  offer,
  selection,
  travellers,
  onChange,
}: {
  offer: FlightOffer;
  selection: BagsSelection;
  travellers: number;
  onChange: (selection: BagsSelection) => void;
}) {
  const { wanted, amount, cannotCarry, choices } = selection;
  const bought = choices.reduce((sum, choice) => sum + choice.quantity, 0);
  return (
    <Card className="mb-4 p-4" role="region" aria-labelledby="checkout-bags-title">
      <h2 id="checkout-bags-title" className="flex items-center gap-2 text-lg font-bold">
        <Luggage className="h-5 w-5" aria-hidden /> Bags
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        How many bags each traveller brings, besides a small personal item. Bags your fare includes cost nothing; the
        others are added at the airline’s price.
      </p>
      <BagsPicker
        idPrefix="checkout"
        value={wanted}
        travellers={travellers}
        onChange={(next) => onChange(selectBags(offer, next))}
      />
      <p className="mt-3 text-sm" role="status">
        {cannotCarry
          ? `This fare cannot carry that many ${BAG_KIND_LABELS[cannotCarry].many}: no bags are added.`
          : !wantsBags(wanted)
            ? 'No bags added.'
            : bought === 0
              ? 'Your fare includes these bags.'
              : `${bought} bag${bought > 1 ? 's' : ''} added for ${formatPrice(amount, offer.total_currency)}.`}
      </p>
    </Card>
  );
}
