import type { Brand } from './brand.js';
import { DEFAULT_PRICING } from '../pricing/pricing.js';
import { DEFAULT_BRAND_HOURS } from './brand-hours.js';

// Apart from the schemas, so that a page needing only the default brand loads no zod.
export const DEFAULT_BRAND_KEY = 'default';

/** The built-in brand of seed 000 §9, used whenever no other brand is found. */
export const DEFAULT_BRAND: Brand = {
  key: DEFAULT_BRAND_KEY,
  name: 'Contrail',
  domain: 'localhost',
  logo: '',
  theme: {
    primary: '#008870',
    secondary: '#006655',
    accent: '#00ffcc',
    background: '#ffffff',
    text: '#333333',
    font: 'Inter',
  },
  contact: {
    email: 'support@contrail.travel',
    phone: '1-888-555-0147',
    address: '100 Harbor Boulevard, Suite 400, Jersey City, NJ 07302',
  },
  social: { facebook: '', twitter: '', instagram: '' },
  hours: { ...DEFAULT_BRAND_HOURS },
  pricing: DEFAULT_PRICING,
  markupKeptOnRefund: true,
};
