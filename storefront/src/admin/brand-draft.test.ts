import { pricingOfMarkup } from '@contrail/shared/pricing/pricing';
import type { AdminBrand } from '@contrail/shared/admin/brands';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { describe, expect, it } from 'vitest';
import { brandInputOf, draftErrors, draftOf, fullHex, previewBrandOf } from './brand-draft';

const saved: AdminBrand = {
  ...DEFAULT_BRAND,
  key: 'skyfares.com',
  name: 'SkyFares',
  domain: 'skyfares.com',
  logo: 'https://skyfares.com/logo.png',
  theme: { ...DEFAULT_BRAND.theme, primary: '#1d4ed8' },
  pricing: pricingOfMarkup(1.15),
  disabled: false,
  version: 3,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T11:00:00.000Z',
};

describe('brand drafts', () => {
  it('start from the saved brand, or from the default theme with empty identity for a new one', () => {
    expect(draftOf(saved)).toMatchObject({ key: 'skyfares.com', theme: { primary: '#1d4ed8' } });
    expect(draftOf()).toMatchObject({
      key: '',
      name: '',
      domain: '',
      contact: { email: '', phone: '', address: '' },
      theme: DEFAULT_BRAND.theme,
    });
  });

  it('are accepted by the shared schema when complete, and never send the pricing (changed apart, with a reason)', () => {
    expect(draftErrors(draftOf(saved))).toEqual({});
    expect(brandInputOf(draftOf(saved))).not.toHaveProperty('pricing');
  });

  it('name each bad field by its path with the shared schema message', () => {
    const draft = draftOf();
    draft.key = 'Bad Key!';
    draft.theme.accent = '#12345';
    draft.contact.email = 'nope';
    const errors = draftErrors(draft);
    expect(errors.key).toBe('Brand key must be lowercase letters, digits, dots and dashes');
    expect(errors.name).toBe('Name is required');
    expect(errors['theme.accent']).toBe('Colour must be a hex value like #008870');
    expect(errors['contact.email']).toBe('Please enter a valid email address');
  });

  it('preview with the last good colour while a hex value is half typed', () => {
    const draft = draftOf(saved);
    draft.theme.primary = '#ab';
    draft.theme.secondary = '#abc';
    draft.name = ' ';
    const preview = previewBrandOf(draft, saved);
    expect(preview.theme.primary).toBe('#1d4ed8');
    expect(preview.theme.secondary).toBe('#abc');
    expect(preview.name).toBe('Your Brand');
  });

  it('widen #rgb for colour inputs', () => {
    expect(fullHex('#AbC')).toBe('#aabbcc');
    expect(fullHex('#00FF00')).toBe('#00ff00');
  });
});
