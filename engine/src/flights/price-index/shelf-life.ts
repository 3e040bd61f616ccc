const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long an indexed price is worth showing, by how far away its departure is: fares close to
 * departure move within hours, those months away within days (as the metasearch sites age theirs).
 */
export function priceShelfLifeMs(departureDate: string, now: Date): number {
  const daysAway = (Date.parse(`${departureDate}T00:00:00Z`) - now.getTime()) / DAY_MS;
  if (daysAway < 7) return 4 * HOUR_MS;
  if (daysAway < 60) return 24 * HOUR_MS;
  return 36 * HOUR_MS;
}

/** The longest shelf life: anything older is never shown again. */
export const LONGEST_SHELF_LIFE_MS = 36 * HOUR_MS;
