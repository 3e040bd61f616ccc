/**
 * A name as staff lists show it until personal data is revealed: each word's first letter and a
 * full stop ("Zelda Quixotic-Ray" → "Z. Q."). "[erased]" stays as it is: there is nothing to hide.
 */
export function initials(name: string): string {
  if (name === '[erased]') return name;
  return name
    .trim()
    .split(/[\s-]+/u)
    .filter(Boolean)
    .map((word) => `${[...word][0]!.toUpperCase()}.`)
    .join(' ');
}

/** A traveller with both names as initials. */
export function withInitials<Traveller extends { given_name: string; family_name: string }>(
  traveller: Traveller,
): Traveller {
  return { ...traveller, given_name: initials(traveller.given_name), family_name: initials(traveller.family_name) };
}
