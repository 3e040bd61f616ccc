import { adminBrandSchema, type AdminBrand } from '@contrail/shared/admin/brands';
import { describeMarkup, describeMatch } from '@contrail/shared/pricing/describe';
import { previewPricing } from '@contrail/shared/pricing/preview';
import type { BrandPricing, PricingRule } from '@contrail/shared/pricing/pricing';
import { brandPricingSchema, pricingRuleSchema } from '@contrail/shared/pricing/pricing-schema';
import { CABIN_CLASSES, type CabinClass } from '@contrail/shared/search/cabin';
import type { z } from 'zod';
import type { CommandContext } from '../context.js';
import { InputError } from '../errors.js';
import { print, printJson } from '../io.js';
import { formatTable } from '../output/table.js';
import { fieldsFromFile } from './brand-input.js';

const path = (key: string) => `/api/admin/brands/${encodeURIComponent(key)}`;

export interface RuleOptions {
  id?: string;
  name?: string;
  from?: string;
  to?: string;
  airline?: string;
  cabin?: string;
  trip?: string;
  percent?: string;
  fixed?: string;
  per?: string;
  at?: string;
}

export interface PreviewOptions {
  from: string;
  to: string;
  airline?: string;
  cabin?: string;
  adults?: string;
  amount: string;
  currency?: string;
  return?: boolean;
}

async function loadBrand(ctx: CommandContext, key: string, action: string): Promise<AdminBrand> {
  return ctx.client.call('GET', path(key), { action, schema: adminBrandSchema });
}

function describePricing(pricing: BrandPricing): string {
  const rules = pricing.rules.map((rule, index) => ({ ...rule, position: index + 1 }));
  const table =
    rules.length === 0
      ? 'No rules: every trip is priced by the default.'
      : formatTable(rules, [
          { header: '#', value: (rule) => String(rule.position) },
          { header: 'ID', value: (rule) => rule.id },
          { header: 'NAME', value: (rule) => rule.name },
          { header: 'MATCHES', value: (rule) => describeMatch(rule.match) },
          { header: 'ADDS', value: (rule) => describeMarkup(rule) },
        ]);
  return [
    table,
    `Default: ${describeMarkup(pricing.fallback)}`,
    `Minimum margin: ${pricing.minimumMarginPercent}% of the provider's price`,
    'The first rule that matches a trip prices it; prices are rounded up to whole units.',
  ].join('\n');
}

export async function showPricing(ctx: CommandContext, key: string, options: { json?: boolean }): Promise<void> {
  const brand = await loadBrand(ctx, key, 'contrail brands pricing show');
  if (options.json) return printJson(ctx.io, brand.pricing);
  print(ctx.io, describePricing(brand.pricing));
}

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new InputError(`${what}${issue.path.length > 0 ? ` ${issue.path.join('.')}` : ''}: ${issue.message}`);
}

function reasonOf(reason: string | undefined): string {
  if (!reason || reason.trim().length < 5) throw new InputError('--reason: say why, in 5 characters or more');
  return reason.trim();
}

async function putPricing(
  ctx: CommandContext,
  key: string,
  pricing: BrandPricing,
  reason: string | undefined,
  action: string,
  json: boolean | undefined,
): Promise<void> {
  const body = { pricing: checked(brandPricingSchema, pricing, 'pricing'), reason: reasonOf(reason) };
  const brand = await ctx.client.call('PUT', `${path(key)}/pricing`, { body, action, schema: adminBrandSchema });
  if (json) return printJson(ctx.io, brand.pricing);
  print(ctx.io, `Saved the pricing of ${brand.key} (version ${brand.version}).`);
  print(ctx.io, describePricing(brand.pricing));
}

/** `brands pricing set KEY --file pricing.json --reason ...`: the whole pricing at once. */
export async function setPricing(
  ctx: CommandContext,
  key: string,
  options: { file: string; reason?: string; json?: boolean },
): Promise<void> {
  const pricing = checked(brandPricingSchema, await fieldsFromFile(options.file), '--file');
  await putPricing(ctx, key, pricing, options.reason, 'contrail brands pricing set', options.json);
}

function position(raw: string | undefined, length: number): number {
  if (raw === undefined) return length;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > length + 1)
    throw new InputError(`--at: "${raw}" must be a position from 1 to ${length + 1}`);
  return value - 1;
}

function ruleOf(options: RuleOptions, ids: readonly string[]): PricingRule {
  const number = (raw: string | undefined, fallback: number) => (raw === undefined ? fallback : Number(raw));
  let n = ids.length + 1;
  while (ids.includes(`rule-${n}`)) n += 1;
  const match = Object.fromEntries(
    Object.entries({
      origin: options.from,
      destination: options.to,
      carrier: options.airline,
      cabin: options.cabin,
      tripType: options.trip?.replace('-', '_'),
    }).filter(([, value]) => value !== undefined),
  );
  return checked(
    pricingRuleSchema,
    {
      id: options.id ?? `rule-${n}`,
      name: options.name ?? `Rule ${n}`,
      match,
      percent: number(options.percent, 0),
      fixed: number(options.fixed, 0),
      per: options.per ?? 'booking',
    },
    'rule',
  );
}

/** `brands pricing add-rule KEY --to GB --percent 12 ... --reason ...`: a rule at the end, or `--at N`. */
export async function addRule(
  ctx: CommandContext,
  key: string,
  options: RuleOptions & { reason?: string; json?: boolean },
): Promise<void> {
  reasonOf(options.reason);
  const { pricing } = await loadBrand(ctx, key, 'contrail brands pricing add-rule');
  const rule = ruleOf(
    options,
    pricing.rules.map((existing) => existing.id),
  );
  const rules = [...pricing.rules];
  rules.splice(position(options.at, rules.length), 0, rule);
  await putPricing(ctx, key, { ...pricing, rules }, options.reason, 'contrail brands pricing add-rule', options.json);
}

function indexOfRule(pricing: BrandPricing, id: string): number {
  const index = pricing.rules.findIndex((rule) => rule.id === id);
  if (index < 0) {
    const known = pricing.rules.map((rule) => rule.id).join(', ') || 'none';
    throw new InputError(`no rule ${id} (rules: ${known})`);
  }
  return index;
}

export async function removeRule(
  ctx: CommandContext,
  key: string,
  id: string,
  options: { reason?: string; json?: boolean },
): Promise<void> {
  reasonOf(options.reason);
  const { pricing } = await loadBrand(ctx, key, 'contrail brands pricing remove-rule');
  const index = indexOfRule(pricing, id);
  const rules = pricing.rules.filter((_, at) => at !== index);
  await putPricing(
    ctx,
    key,
    { ...pricing, rules },
    options.reason,
    'contrail brands pricing remove-rule',
    options.json,
  );
}

export async function moveRule(
  ctx: CommandContext,
  key: string,
  id: string,
  options: { at: string; reason?: string; json?: boolean },
): Promise<void> {
  reasonOf(options.reason);
  const { pricing } = await loadBrand(ctx, key, 'contrail brands pricing move-rule');
  const rules = [...pricing.rules];
  const [rule] = rules.splice(indexOfRule(pricing, id), 1);
  rules.splice(position(options.at, rules.length), 0, rule!);
  await putPricing(ctx, key, { ...pricing, rules }, options.reason, 'contrail brands pricing move-rule', options.json);
}

/** `brands pricing default KEY --percent 20 [--fixed 5 --per traveller] [--minimum-margin 5] --reason ...`. */
export async function setDefault(
  ctx: CommandContext,
  key: string,
  options: { percent?: string; fixed?: string; per?: string; minimumMargin?: string; reason?: string; json?: boolean },
): Promise<void> {
  reasonOf(options.reason);
  const { pricing } = await loadBrand(ctx, key, 'contrail brands pricing default');
  const number = (raw: string | undefined, current: number) => (raw === undefined ? current : Number(raw));
  const next = {
    ...pricing,
    fallback: {
      percent: number(options.percent, pricing.fallback.percent),
      fixed: number(options.fixed, pricing.fallback.fixed),
      per: (options.per ?? pricing.fallback.per) as BrandPricing['fallback']['per'],
    },
    minimumMarginPercent: number(options.minimumMargin, pricing.minimumMarginPercent),
  };
  await putPricing(ctx, key, next, options.reason, 'contrail brands pricing default', options.json);
}

/** `brands pricing preview KEY --from JFK --to LHR --amount 812.40 ...`: priced here by the shared priceOffer. */
export async function previewPrice(
  ctx: CommandContext,
  key: string,
  options: PreviewOptions & { json?: boolean },
): Promise<void> {
  const cabin = options.cabin ?? 'economy';
  if (!(CABIN_CLASSES as readonly string[]).includes(cabin))
    throw new InputError(`--cabin: "${cabin}" must be one of ${CABIN_CLASSES.join(', ')}`);
  const { pricing } = await loadBrand(ctx, key, 'contrail brands pricing preview');
  const preview = previewPricing(pricing, {
    from: options.from,
    to: options.to,
    carrier: options.airline ?? '',
    cabin: cabin as CabinClass,
    roundTrip: options.return === true,
    adults: Number(options.adults ?? '1'),
    amount: options.amount,
    currency: (options.currency ?? 'USD').toUpperCase(),
  });
  if ('problem' in preview) throw new InputError(preview.problem);
  if (options.json) return printJson(ctx.io, { ...preview.priced, ruleName: preview.ruleName });
  print(ctx.io, preview.line);
}
