import type { BrandPricing, Markup, RuleMatch } from './pricing.js';
import { isRegionId, REGIONS } from './regions.js';

/** "+10% + 25 per traveller", "+23%", "+15 per booking". */
export function describeMarkup({ percent, fixed, per }: Markup): string {
  const parts = [percent > 0 || fixed === 0 ? `+${percent}%` : '', fixed > 0 ? `+ ${fixed} per ${per}` : ''];
  return parts.filter(Boolean).join(' ');
}

const placeName = (place: string) => (isRegionId(place) ? REGIONS[place].name : place);

/** "from North America to GB, BA, business, round trip"; "every trip" for an empty match. */
export function describeMatch(match: { [Field in keyof RuleMatch]?: string | undefined }): string {
  const parts = [
    match.origin ? `from ${placeName(match.origin)}` : '',
    match.destination ? `to ${placeName(match.destination)}` : '',
    match.carrier ?? '',
    match.cabin?.replace('_', ' ') ?? '',
    match.tripType?.replace('_', ' ') ?? '',
  ];
  return parts.filter(Boolean).join(', ') || 'every trip';
}

/** One line for lists: "default +23%, 2 rules, minimum margin 5%". */
export function pricingSummary(pricing: BrandPricing): string {
  const rules = pricing.rules.length;
  return [
    `default ${describeMarkup(pricing.fallback)}`,
    rules > 0 ? `${rules} rule${rules === 1 ? '' : 's'}` : '',
    pricing.minimumMarginPercent > 0 ? `minimum margin ${pricing.minimumMarginPercent}%` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
