import type { SearchOffer } from '../flights/search-offer.js';
import { offerFacts } from './offer-index.js';

/** What the Best order weighs, and how much: the tooltip beside the sort shows these. */
export const BEST_WEIGHTS = { price: 0.5, duration: 0.3, stops: 0.2 } as const;

export const BEST_EXPLANATION =
  `Best weighs price (${BEST_WEIGHTS.price * 100}%), total travel time (${BEST_WEIGHTS.duration * 100}%) ` +
  `and stops (${BEST_WEIGHTS.stops * 100}%), each against the cheapest, quickest and most direct flight ` +
  'found; ties go to the cheaper, then the shorter, then the earlier flight.';

interface Range {
  min: number;
  span: number;
}

function rangeOf(values: number[]): Range {
  const known = values.filter(Number.isFinite);
  if (known.length === 0) return { min: 0, span: 0 };
  const min = Math.min(...known);
  return { min, span: Math.max(...known) - min };
}

/** 0 for the best value found, 1 for the worst; Infinity (unknown) stays Infinity. */
function share(value: number, range: Range): number {
  if (!Number.isFinite(value)) return Number.POSITIVE_INFINITY;
  return range.span === 0 ? 0 : (value - range.min) / range.span;
}

/**
 * Each offer's Best score, smaller is better: price, total duration and stops, each scaled from
 * 0 (the best of these offers) to 1 (the worst), weighted by BEST_WEIGHTS. An offer whose price or
 * duration is unreadable scores Infinity. `priceOf` is the supplied price, with the traveller's bags
 * when they bring some (sort.ts's comparedPrice).
 */
export function bestScores(
  offers: readonly SearchOffer[],
  priceOf: (offer: SearchOffer) => number = (offer) => offerFacts(offer).suppliedPrice,
): Map<SearchOffer, number> {
  const facts = offers.map(offerFacts);
  const offerPrices = offers.map(priceOf);
  const prices = rangeOf(offerPrices);
  const durations = rangeOf(facts.map((each) => each.totalMinutes ?? Number.POSITIVE_INFINITY));
  const stops = rangeOf(facts.map((each) => each.totalStops));
  const scores = new Map<SearchOffer, number>();
  offers.forEach((offer, index) => {
    const { totalMinutes, totalStops } = facts[index]!;
    scores.set(
      offer,
      BEST_WEIGHTS.price * share(offerPrices[index]!, prices) +
        BEST_WEIGHTS.duration * share(totalMinutes ?? Number.POSITIVE_INFINITY, durations) +
        BEST_WEIGHTS.stops * share(totalStops, stops),
    );
  });
  return scores;
}
