import { Option, type Command } from 'commander';
import {
  addRule,
  moveRule,
  previewPrice,
  removeRule,
  setDefault,
  setPricing,
  showPricing,
  type PreviewOptions,
  type RuleOptions,
} from './brand-pricing.js';
import type { Runner } from './staff-command.js';

const json = () => new Option('--json', 'print JSON for scripts instead of text');
const reason = (command: Command) =>
  command.requiredOption('--reason <text>', 'why (5 to 500 characters; kept in the brand history)').addOption(json());

/** contrail brands pricing show|set|add-rule|remove-rule|move-rule|default|preview (issue 32). */
export function brandPricingCommand(brands: Command, run: Runner): void {
  const pricing = brands
    .command('pricing')
    .description("a brand's pricing rules: the first that matches a trip prices it (changes: platform admins)");
  pricing
    .command('show')
    .description('the rules in order, the default and the minimum margin')
    .argument('<key>', 'brand key')
    .addOption(json())
    .action(run((ctx, key: string, options: { json?: boolean }) => showPricing(ctx, key, options)));
  reason(
    pricing
      .command('set')
      .description('replace the whole pricing from a JSON file ({ rules, fallback, minimumMarginPercent })')
      .argument('<key>', 'brand key')
      .requiredOption('--file <pricing.json>', 'the pricing as JSON'),
  ).action(
    run((ctx, key: string, options: { file: string; reason?: string; json?: boolean }) =>
      setPricing(ctx, key, options),
    ),
  );
  reason(
    pricing
      .command('add-rule')
      .description('add a rule (at the end, or at --at N); unset match fields match any trip')
      .argument('<key>', 'brand key')
      .option('--id <id>', 'rule id: lowercase letters, digits, hyphens (default rule-N)')
      .option('--name <name>', 'what the rule is for')
      .option('--from <place>', 'origin country (GB) or region (europe, north-america, ...)')
      .option('--to <place>', 'destination country or region')
      .option('--airline <code>', 'validating airline, like BA')
      .option('--cabin <cabin>', 'economy, premium_economy, business or first')
      .option('--trip <type>', 'one-way, round-trip or multi-city')
      .option('--percent <n>', "percentage of the provider's price (default 0)")
      .option('--fixed <amount>', "fixed fee in the offer's currency (default 0)")
      .option('--per <basis>', 'the fixed fee per booking or per traveller (default booking)')
      .option('--at <position>', 'position in the list, 1 = tried first'),
  ).action(
    run((ctx, key: string, options: RuleOptions & { reason?: string; json?: boolean }) => addRule(ctx, key, options)),
  );
  reason(
    pricing
      .command('remove-rule')
      .description('remove a rule')
      .argument('<key>', 'brand key')
      .argument('<id>', 'rule id'),
  ).action(
    run((ctx, key: string, id: string, options: { reason?: string; json?: boolean }) =>
      removeRule(ctx, key, id, options),
    ),
  );
  reason(
    pricing
      .command('move-rule')
      .description('move a rule to another position')
      .argument('<key>', 'brand key')
      .argument('<id>', 'rule id')
      .requiredOption('--at <position>', 'its new position, 1 = tried first'),
  ).action(
    run((ctx, key: string, id: string, options: { at: string; reason?: string; json?: boolean }) =>
      moveRule(ctx, key, id, options),
    ),
  );
  reason(
    pricing
      .command('default')
      .description('change the default rule and the minimum margin')
      .argument('<key>', 'brand key')
      .option('--percent <n>', "percentage of the provider's price")
      .option('--fixed <amount>', 'fixed fee')
      .option('--per <basis>', 'booking or traveller')
      .option('--minimum-margin <n>', "the platform's floor, in % of the provider's price"),
  ).action(run((ctx, key: string, options: Parameters<typeof setDefault>[2]) => setDefault(ctx, key, options)));
  pricing
    .command('preview')
    .description('price a made-up trip as checkout would: "JFK-LHR Economy, 2 adults: provider ... → traveller ..."')
    .argument('<key>', 'brand key')
    .requiredOption('--from <iata>', 'origin airport, like JFK')
    .requiredOption('--to <iata>', 'destination airport, like LHR')
    .requiredOption('--amount <price>', "the provider's price, like 812.40")
    .option('--airline <code>', 'validating airline, like BA')
    .option('--cabin <cabin>', 'economy (default), premium_economy, business or first')
    .option('--adults <n>', 'travellers (default 1)')
    .option('--currency <code>', 'default USD')
    .option('--return', 'a round trip')
    .addOption(json())
    .action(run((ctx, key: string, options: PreviewOptions & { json?: boolean }) => previewPrice(ctx, key, options)));
}
