import { pricingOfMarkup } from '@contrail/shared/pricing/pricing';
import { DEFAULT_BRAND, type Brand } from '@contrail/shared';
import type { Logger } from '../logging/logger.js';
import { DuplicateBrandError, type BrandStore } from './brand-store.js';

/**
 * Two demo brands the embedded default seeds on first start, so white-labelling shows without any
 * admin work: open `/?brand=skyhop` or `/?brand=nordlys` (README). Admins edit or disable them in
 * the brand manager like any other brand; a brand of the same key is never overwritten.
 */
export const DEMO_BRANDS: Brand[] = [
  {
    key: 'skyhop',
    name: 'SkyHop Travel',
    domain: 'skyhop.example',
    logo: '/brand-logos/skyhop.svg',
    theme: {
      primary: '#c2410c',
      secondary: '#1e3a8a',
      accent: '#fbbf24',
      background: '#fffbf5',
      text: '#1f2937',
      font: 'Lora',
    },
    contact: {
      email: 'help@skyhop.example',
      phone: '1-800-555-0199',
      address: '500 Market Street, Suite 900, San Francisco, CA 94105',
    },
    social: { facebook: 'https://facebook.com/skyhop.example', twitter: '', instagram: '' },
    hours: { ...DEFAULT_BRAND.hours },
    pricing: pricingOfMarkup(1.15),
    markupKeptOnRefund: false,
  },
  {
    key: 'nordlys',
    name: 'Nordlys Air Travel',
    domain: 'nordlys.example',
    logo: '/brand-logos/nordlys.svg',
    theme: {
      primary: '#4338ca',
      secondary: '#0f766e',
      accent: '#a3e635',
      background: '#f8fafc',
      text: '#0f172a',
      font: 'Montserrat',
    },
    contact: {
      email: 'hei@nordlys.example',
      phone: '+47 800 55 019',
      address: 'Karl Johans gate 1, 0154 Oslo, Norway',
    },
    social: { ...DEFAULT_BRAND.social, instagram: 'https://instagram.com/nordlys.example' },
    // A brand whose phones are not answered day and night: its pages say so (issue #31).
    hours: {
      phone: 'Mon-Sat 08:00-20:00 CET',
      supportPage: 'Mon-Fri 09:00-17:00 CET',
      office: '08:00-20:00, Monday to Saturday',
    },
    pricing: {
      ...pricingOfMarkup(1.3),
      rules: [
        {
          id: 'nordic-short-haul',
          name: 'Within the Nordics',
          match: { origin: 'NO', destination: 'europe', tripType: 'round_trip' },
          percent: 12,
          fixed: 15,
          per: 'traveller',
        },
      ],
      minimumMarginPercent: 8,
    },
    markupKeptOnRefund: true,
  },
];

const SEEDER = { id: 'system', username: 'demo-brand-seed' };

/** Creates each demo brand whose key is free; returns the keys it created. */
export async function seedDemoBrands(brands: BrandStore, logger: Logger, now = new Date()): Promise<string[]> {
  const created: string[] = [];
  for (const brand of DEMO_BRANDS) {
    if (await brands.get(brand.key)) continue;
    try {
      await brands.create(brand, SEEDER, now);
      created.push(brand.key);
    } catch (error) {
      if (!(error instanceof DuplicateBrandError)) throw error;
    }
  }
  if (created.length > 0) logger.info({ brands: created }, 'seeded the demo brands: open /?brand=<key> to see one');
  return created;
}
