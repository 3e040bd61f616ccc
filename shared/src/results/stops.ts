/**
 * Seed 000 §9: the label counts segments: 1 gives "Non-stop", 2 gives "1 stop", otherwise
 * "{n-1} stops".
 */
export function stopsLabel(segmentCount: number): string {
  if (segmentCount <= 1) return 'Non-stop';
  if (segmentCount === 2) return '1 stop';
  return `${segmentCount - 1} stops`;
}

/** The stops filter's options (seed 000 §9: 0, 1, 2+); 2 means 2 or more. */
export const STOP_OPTIONS = [
  { value: 0, label: 'Non-stop' },
  { value: 1, label: '1 stop' },
  { value: 2, label: '2+ stops' },
] as const;

export type StopOption = (typeof STOP_OPTIONS)[number]['value'];

export function matchesStopOption(stops: number, option: number): boolean {
  return option >= 2 ? stops >= 2 : stops === option;
}
