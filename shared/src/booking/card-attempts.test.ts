import { describe, expect, it } from 'vitest';
import { cardAttemptsLimitedMessage } from './card-attempts.js';

describe('cardAttemptsLimitedMessage', () => {
  it('says the wait in whole minutes, rounded up, never zero', () => {
    expect(cardAttemptsLimitedMessage(1)).toBe('Too many payment attempts. Please wait 1 minute before trying again.');
    expect(cardAttemptsLimitedMessage(60)).toContain('wait 1 minute ');
    expect(cardAttemptsLimitedMessage(61)).toContain('wait 2 minutes ');
    expect(cardAttemptsLimitedMessage(900)).toContain('wait 15 minutes ');
  });
});
