import { describe, expect, it } from 'vitest';
import { isRefusalCode, REFUSAL_CODES, REFUSAL_STATUS } from './refusal-codes.js';

describe('refusal codes of the booking API', () => {
  it('answers every refusal with a client error, but for a dependency that is down', () => {
    const statuses = REFUSAL_CODES.map((code) => [code, REFUSAL_STATUS[code]] as const);
    expect(statuses.filter(([, status]) => status < 400 || status >= 500)).toEqual([['SERVICE_UNAVAILABLE', 503]]);
  });

  it('tells its codes from any other string', () => {
    expect(isRefusalCode('PAYMENT_ALREADY_USED')).toBe(true);
    expect(isRefusalCode('toString')).toBe(false);
    expect(isRefusalCode(undefined)).toBe(false);
  });
});
