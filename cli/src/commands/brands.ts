import { adminBrandSchema, brandHistorySchema, brandListSchema, type AdminBrand } from '@contrail/shared/admin/brands';
import { pricingSummary } from '@contrail/shared/pricing/describe';
import { contrastWarnings } from '@contrail/shared/brand/contrast-warnings';
import { InputError } from '../errors.js';
import type { CommandContext } from '../context.js';
import { print, printJson, printTable } from '../io.js';
import { localTime, timeHeader } from '../output/time.js';
import { brandFields, newBrandBody } from './brand-input.js';

const path = (key: string) => `/api/admin/brands/${encodeURIComponent(key)}`;
const status = (brand: AdminBrand) => (brand.disabled ? 'disabled' : 'active');

export async function listBrands(ctx: CommandContext, options: { json?: boolean }): Promise<void> {
  const { brands } = await ctx.client.call('GET', '/api/admin/brands', {
    action: 'contrail brands list',
    schema: brandListSchema,
  });
  if (options.json) return printJson(ctx.io, brands);
  if (brands.length === 0) return print(ctx.io, 'No brands yet (the built-in default brand is always there).');
  printTable(ctx.io, brands, [
    { header: 'KEY', value: (brand) => brand.key },
    { header: 'NAME', value: (brand) => brand.name },
    { header: 'DOMAIN', value: (brand) => brand.domain },
    { header: 'PRICING', value: (brand) => pricingSummary(brand.pricing) },
    { header: 'STATUS', value: status },
    { header: timeHeader('UPDATED', ctx.timeZone), value: (brand) => localTime(brand.updatedAt, ctx.timeZone) },
  ]);
}

function describe(brand: AdminBrand): string {
  const { theme, contact, social } = brand;
  const lines: Array<[string, string]> = [
    ['Key', brand.key],
    ['Name', brand.name],
    ['Domain', brand.domain || '(none)'],
    ['Status', status(brand)],
    ['Logo', brand.logo || '(none)'],
    ['Pricing', `${pricingSummary(brand.pricing)} (contrail brands pricing show)`],
    ['Colours', `primary ${theme.primary}, secondary ${theme.secondary}, accent ${theme.accent}`],
    ['', `background ${theme.background}, text ${theme.text}`],
    ['Font', theme.font],
    ['Contact', `${contact.email}, ${contact.phone}${contact.address ? `, ${contact.address}` : ''}`],
    ['Social', [social.facebook, social.twitter, social.instagram].filter(Boolean).join(', ') || '(none)'],
    ['Hours', `phone ${brand.hours.phone}; support page ${brand.hours.supportPage}`],
    ['', `contact page ${brand.hours.office}`],
    ['Version', `${brand.version}, updated ${brand.updatedAt}`],
  ];
  return lines.map(([label, value]) => `${(label ? `${label}:` : '').padEnd(14)}${value}`).join('\n');
}

/** The brand editor's contrast warnings, on stderr so that --json stays clean. */
function warnAboutContrast(ctx: CommandContext, brand: AdminBrand): void {
  for (const warning of contrastWarnings(brand.theme)) ctx.io.stderr.write(`Warning: ${warning.message}\n`);
}

function printBrand(ctx: CommandContext, brand: AdminBrand, json: boolean | undefined, headline?: string): void {
  if (json) return printJson(ctx.io, brand);
  if (headline) print(ctx.io, headline);
  print(ctx.io, describe(brand));
}

export async function showBrand(ctx: CommandContext, key: string, options: { json?: boolean }): Promise<void> {
  const brand = await ctx.client.call('GET', path(key), {
    action: 'contrail brands show',
    schema: adminBrandSchema,
  });
  printBrand(ctx, brand, options.json);
}

export async function createBrand(ctx: CommandContext, options: Record<string, unknown>): Promise<void> {
  const body = newBrandBody(options.key as string | undefined, await brandFields(options));
  const brand = await ctx.client.call('POST', '/api/admin/brands', {
    body,
    action: 'contrail brands create',
    schema: adminBrandSchema,
  });
  warnAboutContrast(ctx, brand);
  printBrand(ctx, brand, options.json as boolean | undefined, `Created brand ${brand.key}.`);
}

export async function updateBrand(ctx: CommandContext, key: string, options: Record<string, unknown>): Promise<void> {
  const patch = await brandFields(options);
  if (Object.keys(patch).length === 0) {
    throw new InputError('nothing to change: give at least one field option (see --help) or --file');
  }
  const brand = await ctx.client.call('PATCH', path(key), {
    body: patch,
    action: 'contrail brands update',
    schema: adminBrandSchema,
  });
  warnAboutContrast(ctx, brand);
  printBrand(ctx, brand, options.json as boolean | undefined, `Updated brand ${brand.key} (version ${brand.version}).`);
}

export async function setBrandDisabled(
  ctx: CommandContext,
  key: string,
  disabled: boolean,
  options: { json?: boolean },
): Promise<void> {
  const action = disabled ? 'disable' : 'enable';
  const brand = await ctx.client.call('POST', `${path(key)}/${action}`, {
    action: `contrail brands ${action}`,
    schema: adminBrandSchema,
  });
  if (options.json) return printJson(ctx.io, brand);
  print(ctx.io, `Brand ${brand.key} is ${status(brand)}.`);
}

export async function brandHistory(ctx: CommandContext, key: string, options: { json?: boolean }): Promise<void> {
  const { changes } = await ctx.client.call('GET', `${path(key)}/history`, {
    action: 'contrail brands history',
    schema: brandHistorySchema,
  });
  if (options.json) return printJson(ctx.io, changes);
  printTable(ctx.io, changes, [
    { header: 'VERSION', value: (change) => String(change.version) },
    { header: timeHeader('WHEN', ctx.timeZone), value: (change) => localTime(change.at, ctx.timeZone) },
    { header: 'BY', value: (change) => change.by },
    { header: 'ACTION', value: (change) => change.action },
    {
      header: 'CHANGES',
      value: (change) =>
        change.action === 'created'
          ? ''
          : change.action === 'pricing'
            ? `pricing changed; why: ${change.reason ?? '(not recorded)'}`
            : Object.entries(change.changes)
                .map(([field, { from, to }]) => `${field}: ${JSON.stringify(from)} -> ${JSON.stringify(to)}`)
                .join('; '),
    },
  ]);
}
