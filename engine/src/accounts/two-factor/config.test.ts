import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

/** What production needs besides the setting under test. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SANDBOXES_ENABLED: 'true',
};

describe('TWO_FACTOR_REQUIRED', () => {
  it('requires two-factor authentication of staff by default', () => {
    expect(loadConfig({}).twoFactorRequired).toBe('staff');
    expect(loadConfig({ TWO_FACTOR_REQUIRED: '' }).twoFactorRequired).toBe('staff');
  });

  it('may extend it to everyone', () => {
    expect(loadConfig({ TWO_FACTOR_REQUIRED: 'everyone' }).twoFactorRequired).toBe('everyone');
  });

  it('refuses anything else, and nobody in production', () => {
    expect(() => loadConfig({ TWO_FACTOR_REQUIRED: 'admins' })).toThrow(/TWO_FACTOR_REQUIRED/);
    expect(loadConfig({ TWO_FACTOR_REQUIRED: 'nobody' }).twoFactorRequired).toBe('nobody');
    expect(() => loadConfig({ ...PRODUCTION, TWO_FACTOR_REQUIRED: 'nobody' })).toThrow(
      /TWO_FACTOR_REQUIRED: nobody is for development and tests only/,
    );
  });
});
