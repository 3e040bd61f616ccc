import { describe, expect, it } from 'vitest';
import { decideModeSwitch, evolveMode, INITIAL_MODE, ModeRuleError } from './decider.js';

const who = { userId: 'u1', username: 'root' };
const both = { duffel: true, stripe: true };

describe('system mode rules', () => {
  it('starts in test mode', () => {
    expect(INITIAL_MODE).toBe('test');
  });

  it('enables live mode when both providers are configured', () => {
    expect(decideModeSwitch('test', 'live', both, who)).toEqual([{ type: 'LiveModeEnabled', data: who }]);
  });

  it('refuses live mode unless both providers are configured, naming what is missing', () => {
    expect(() => decideModeSwitch('test', 'live', { duffel: false, stripe: true }, who)).toThrow(
      'Live mode needs both providers configured; not configured: the Duffel API (DUFFEL_ACCESS_TOKEN)',
    );
    expect(() => decideModeSwitch('test', 'live', { duffel: true, stripe: false }, who)).toThrow(
      'not configured: Stripe (STRIPE_SECRET_KEY)',
    );
    expect(() => decideModeSwitch('test', 'live', { duffel: false, stripe: false }, who)).toThrow(ModeRuleError);
  });

  it('always allows going back to test mode', () => {
    expect(decideModeSwitch('live', 'test', { duffel: false, stripe: false }, who)).toEqual([
      { type: 'TestModeEnabled', data: who },
    ]);
  });

  it('decides nothing when already in the requested mode', () => {
    expect(decideModeSwitch('test', 'test', both, who)).toEqual([]);
    expect(decideModeSwitch('live', 'live', both, who)).toEqual([]);
  });

  it('folds the events into the current mode', () => {
    const live = evolveMode('test', { type: 'LiveModeEnabled', data: who });
    expect(live).toBe('live');
    expect(evolveMode(live, { type: 'TestModeEnabled', data: who })).toBe('test');
  });
});
