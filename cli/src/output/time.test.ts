import { describe, expect, it } from 'vitest';
import { localTime, timeHeader, userTimeZone } from './time.js';

describe('times as the person reads them', () => {
  it("shows an instant on the zone's clock, minutes only", () => {
    expect(localTime('2026-11-01T13:05:59.999Z', 'Europe/Paris')).toBe('2026-11-01 14:05');
    expect(localTime('2026-07-01T23:30:00Z', 'America/New_York')).toBe('2026-07-01 19:30');
    expect(localTime('2026-11-01T00:00:00Z', 'UTC')).toBe('2026-11-01 00:00');
    expect(localTime(null, 'UTC')).toBe('');
    expect(localTime('not a time', 'UTC')).toBe('not a time');
    expect(timeHeader('CREATED', 'Europe/Paris')).toBe('CREATED (Europe/Paris)');
  });

  it("takes TZ when it names a zone, else the system's", () => {
    const system = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(userTimeZone({ TZ: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    expect(userTimeZone({ TZ: ':/etc/localtime' })).toBe(system);
    expect(userTimeZone({})).toBe(system);
  });
});
