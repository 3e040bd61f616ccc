import { readFile } from 'node:fs/promises';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { BRAND_FONTS } from '@contrail/shared/brand/fonts';
import { InputError } from '../errors.js';

type Path = readonly [string] | readonly [string, string];

/** One option per brand field: flag, help text and where it goes in the brand. */
export const BRAND_FIELDS: ReadonlyArray<{ flag: string; help: string; path: Path; option: string }> = [
  { flag: '--name <name>', help: 'brand name', path: ['name'], option: 'name' },
  { flag: '--domain <domain>', help: 'domain, unique across brands', path: ['domain'], option: 'domain' },
  {
    flag: '--logo <url>',
    help: 'logo: https:// address or /path',
    path: ['logo'],
    option: 'logo',
  },
  { flag: '--primary <hex>', help: 'primary colour, like #008870', path: ['theme', 'primary'], option: 'primary' },
  { flag: '--secondary <hex>', help: 'secondary colour', path: ['theme', 'secondary'], option: 'secondary' },
  { flag: '--accent <hex>', help: 'accent colour', path: ['theme', 'accent'], option: 'accent' },
  { flag: '--background <hex>', help: 'background colour', path: ['theme', 'background'], option: 'background' },
  { flag: '--text <hex>', help: 'text colour', path: ['theme', 'text'], option: 'text' },
  { flag: '--font <font>', help: `font: ${BRAND_FONTS.join(', ')}`, path: ['theme', 'font'], option: 'font' },
  { flag: '--email <email>', help: 'contact email', path: ['contact', 'email'], option: 'email' },
  { flag: '--phone <phone>', help: 'contact phone', path: ['contact', 'phone'], option: 'phone' },
  { flag: '--address <address>', help: 'contact address', path: ['contact', 'address'], option: 'address' },
  { flag: '--facebook <url>', help: 'Facebook page (https://)', path: ['social', 'facebook'], option: 'facebook' },
  { flag: '--twitter <url>', help: 'Twitter/X profile (https://)', path: ['social', 'twitter'], option: 'twitter' },
  {
    flag: '--instagram <url>',
    help: 'Instagram profile (https://)',
    path: ['social', 'instagram'],
    option: 'instagram',
  },
  {
    flag: '--phone-hours <text>',
    help: `phone support hours, like "${DEFAULT_BRAND.hours.phone}" (header, home page, policies)`,
    path: ['hours', 'phone'],
    option: 'phoneHours',
  },
  {
    flag: '--support-page-hours <text>',
    help: `hours on the support page, like "${DEFAULT_BRAND.hours.supportPage}"`,
    path: ['hours', 'supportPage'],
    option: 'supportPageHours',
  },
  {
    flag: '--opening-hours <text>',
    help: `opening hours on the contact page, like "${DEFAULT_BRAND.hours.office}"`,
    path: ['hours', 'office'],
    option: 'openingHours',
  },
];

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Top-level fields replaced; theme, contact and social merged field by field. */
export function mergeBrandFields(base: Json, over: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isObject(current) && isObject(value) ? { ...current, ...value } : value;
  }
  return merged;
}

/** A bundled font typed in any case, spelt as the storefront bundles it; the engine explains any other. */
function font(raw: string): string {
  return BRAND_FONTS.find((name) => name.toLowerCase() === raw.trim().toLowerCase()) ?? raw;
}

const PARSERS: Partial<Record<string, (raw: string) => unknown>> = { font };

/** The brand fields given as options, nested as the engine takes them. */
export function fieldsFromOptions(options: Record<string, unknown>): Json {
  const fields: Json = {};
  for (const field of BRAND_FIELDS) {
    const raw = options[field.option];
    if (typeof raw !== 'string') continue;
    const value = PARSERS[field.option]?.(raw) ?? raw;
    const [outer, inner] = field.path;
    if (inner === undefined) fields[outer] = value;
    else fields[outer] = { ...(fields[outer] as Json | undefined), [inner]: value };
  }
  return fields;
}

export async function fieldsFromFile(file: string): Promise<Json> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError(`--file: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`--file: ${file} is not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(value)) throw new InputError(`--file: ${file} must hold a JSON object of brand fields`);
  return value;
}

/** --file first, the options over it. */
export async function brandFields(options: Record<string, unknown>): Promise<Json> {
  const file = typeof options.file === 'string' ? await fieldsFromFile(options.file) : {};
  return mergeBrandFields(file, fieldsFromOptions(options));
}

/** A new brand: unset theme fields and social links start from the default brand's. */
export function newBrandBody(key: string | undefined, fields: Json): Json {
  const body = mergeBrandFields({ theme: DEFAULT_BRAND.theme, social: DEFAULT_BRAND.social, logo: '' }, fields);
  const brandKey = key ?? body.key;
  if (typeof brandKey !== 'string' || brandKey === '') throw new InputError('--key is required (or "key" in --file)');
  return { ...body, key: brandKey };
}
