/** Departure/arrival time buckets of seed 000 §9, by local hour of the day. */
export const timeBuckets = [
  { id: 'early_morning', label: '12:00 AM-5:59 AM', fromHour: 0, toHour: 5 },
  { id: 'morning', label: '6:00 AM-11:59 AM', fromHour: 6, toHour: 11 },
  { id: 'afternoon', label: '12:00 PM-5:59 PM', fromHour: 12, toHour: 17 },
  { id: 'evening', label: '6:00 PM-11:59 PM', fromHour: 18, toHour: 23 },
] as const;

export type TimeBucketId = (typeof timeBuckets)[number]['id'];

/**
 * The bucket of a local airport time such as "2026-12-20T18:05:00" (Duffel's `departing_at`).
 * Reads the hour from the text, so the viewer's own time zone never shifts it.
 */
export function timeBucketOf(localDateTime: string): TimeBucketId | undefined {
  const match = /T(\d{2}):/.exec(localDateTime);
  if (!match) return undefined;
  const hour = Number(match[1]);
  return timeBuckets.find((bucket) => hour >= bucket.fromHour && hour <= bucket.toHour)?.id;
}
