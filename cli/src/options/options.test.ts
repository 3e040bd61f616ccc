import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { dayOption } from './day-option.js';
import { limitOption } from './limit-option.js';

describe('option values', () => {
  it('reads --from and --to days in the zone, the end including the whole day', () => {
    const now = new Date('2026-11-14T12:00:00Z');
    expect(dayOption('--from', 'today', 'start', 'Europe/Paris', now)).toBe('2026-11-13T23:00:00.000Z');
    expect(dayOption('--to', '14/11/2026', 'end', 'Europe/Paris', now)).toBe('2026-11-14T22:59:59.999Z');
  });

  it('says which forms a day takes, exit 2', () => {
    const bad = () => dayOption('--from', 'soon', 'start', 'UTC');
    expect(bad).toThrow(InputError);
    expect(bad).toThrow(
      'Invalid input: --from: "soon" is not a day: use today, yesterday, 2026-11-01, 1/11/2026 (day/month/year) or an ISO date-time',
    );
    try {
      bad();
    } catch (error) {
      expect((error as InputError).exitCode).toBe(2);
    }
  });

  it('takes a whole number within bounds for --limit, and says what it expects otherwise', () => {
    expect(limitOption('--limit', ' 25 ', 1, 500)).toBe(25);
    for (const input of ['abc', '0', '501', '2.5', '-3', '', '1e2'])
      expect(() => limitOption('--limit', input, 1, 500), input).toThrow(
        `Invalid input: --limit: "${input}" is not a whole number from 1 to 500`,
      );
  });
});
