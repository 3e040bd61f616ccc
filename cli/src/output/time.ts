/** The zone the person's times are shown in: TZ when it names a zone, else the system's. */
export function userTimeZone(env: Record<string, string | undefined>): string {
  const asked = env.TZ?.trim();
  if (asked) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: asked }).resolvedOptions().timeZone;
    } catch {
      // Not a zone name (like ":/etc/localtime"): the system's.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "2026-11-01 14:05" on the zone's clock; the zone is named once, in the column's header. */
export function localTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** A header naming the zone: "CREATED (Europe/Paris)". */
export const timeHeader = (header: string, timeZone: string) => `${header} (${timeZone})`;
