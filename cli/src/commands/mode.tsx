import {
  adminAnswerSchema,
  adminSettingsSchema,
  modeHistorySchema,
  SANDBOX_USE_TEXT,
  updatedSettingsSchema,
  type SandboxUse,
} from '@contrail/shared/admin/settings';
import { CliError, InputError } from '../errors.js';
import type { CommandContext } from '../context.js';
import { print, printJson, printTable } from '../io.js';
import { localTime, timeHeader } from '../output/time.js';
import { ask } from '../ui/ask.js';
import { Confirm } from '../ui/Confirm.js';

export const LIVE_MODE_WARNING =
  'Enable LIVE mode? Every engine will book real flights with Duffel and charge real cards through Stripe.';

export interface ModeOptions {
  yes?: boolean;
  json?: boolean;
  history?: boolean;
}

const configured = (use: SandboxUse) => (use === 'none' ? 'configured' : `not configured: ${SANDBOX_USE_TEXT[use]}`);

async function showMode(ctx: CommandContext, json: boolean): Promise<void> {
  const settings = await ctx.client.call('GET', '/api/admin/settings', {
    action: 'contrail mode',
    schema: adminSettingsSchema,
  });
  if (json) return printJson(ctx.io, settings);
  print(ctx.io, `Mode:        ${settings.enableLiveMode ? 'LIVE' : 'test'}`);
  print(ctx.io, `Environment: ${settings.environment}`);
  print(ctx.io, `Duffel API:  ${configured(settings.sandboxes.flights)}`);
  print(ctx.io, `Stripe:      ${configured(settings.sandboxes.payments)}`);
}

async function showHistory(ctx: CommandContext, json: boolean): Promise<void> {
  const { changes } = await ctx.client.call('GET', '/api/admin/settings/history', {
    action: 'contrail mode --history',
    schema: modeHistorySchema,
  });
  if (json) return printJson(ctx.io, changes);
  if (changes.length === 0) return print(ctx.io, 'The mode has never been switched: the system is in test mode.');
  printTable(ctx.io, changes, [
    { header: timeHeader('WHEN', ctx.timeZone), value: (change) => localTime(change.at, ctx.timeZone) },
    { header: 'MODE', value: (change) => change.mode },
    { header: 'BY', value: (change) => change.by },
  ]);
}

/** Ask only when the switch can happen: otherwise the engine's answer says why not, at once. */
async function liveModeWouldChange(ctx: CommandContext): Promise<boolean> {
  const settings = await ctx.client.call('GET', '/api/admin/settings', {
    action: 'contrail mode live',
    schema: adminSettingsSchema,
  });
  return !settings.enableLiveMode && settings.duffelApiConfigured && settings.stripeConfigured;
}

async function confirmLive(ctx: CommandContext): Promise<void> {
  if (!ctx.io.interactive) {
    throw new InputError('enabling live mode needs a confirmation: run it in a terminal, or pass --yes');
  }
  const yes = await ask<boolean>(ctx.io, (answer) => <Confirm message={LIVE_MODE_WARNING} onAnswer={answer} />);
  if (!yes) throw new CliError('Cancelled: live mode was not enabled.');
}

/** contrail mode [test|live]: shows the mode, or switches it (live only after a confirmation). */
export async function mode(ctx: CommandContext, requested: string | undefined, options: ModeOptions): Promise<void> {
  if (options.history) return showHistory(ctx, options.json ?? false);
  if (requested === undefined) return showMode(ctx, options.json ?? false);
  if (requested !== 'test' && requested !== 'live') {
    throw new InputError(`the mode must be "test" or "live", not "${requested}"`);
  }
  if (requested === 'live' && !options.yes && (await liveModeWouldChange(ctx))) await confirmLive(ctx);
  const action = `contrail mode ${requested}`;
  // As the seed's admin page does: refresh the admin session before and after the switch.
  await ctx.client.call('POST', '/api/admin/login', { action, schema: adminAnswerSchema });
  const result = await ctx.client.call('POST', '/api/admin/settings', {
    body: { enableLiveMode: requested === 'live' },
    action,
    schema: updatedSettingsSchema,
  });
  await ctx.client.call('POST', '/api/admin/login', { action, schema: adminAnswerSchema });
  if (options.json) return printJson(ctx.io, result);
  print(ctx.io, `${result.message}.`);
}
