import { dayOffset, dayOffsetDescription, dayOffsetLabel } from '@contrail/shared/flights/flight-labels';

/**
 * "+1" (or "+2", "-1") after a time that falls on another day than the journey began, with words
 * for screen readers. Nothing on the same day.
 */
export function DayOffset({ from, to }: { from: string | null | undefined; to: string | null | undefined }) {
  const days = dayOffset(from, to);
  const label = dayOffsetLabel(days);
  if (!label) return null;
  return (
    <sup className="ml-0.5 text-xs font-semibold text-destructive-text" title={dayOffsetDescription(days)}>
      <span aria-hidden>{label}</span>
      <span className="sr-only"> ({dayOffsetDescription(days)})</span>
    </sup>
  );
}
