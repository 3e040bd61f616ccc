import { newBrandSchema } from '@contrail/shared/admin/brands';
import { describe, expect, it } from 'vitest';
import { DEMO_BRANDS } from './demo-brands.js';

describe('the demo brands', () => {
  it('pass every rule an admin’s brand must, so seeding and editing them keeps working', () => {
    for (const brand of DEMO_BRANDS) expect(newBrandSchema.parse(brand)).toEqual(brand);
  });
});
