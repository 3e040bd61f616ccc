import { accountErasureSchema } from '@contrail/shared/admin/operations';
import { CliError, InputError } from '../errors.js';
import { parseReason } from './reason.js';
import type { CommandContext } from '../context.js';
import { print, printJson } from '../io.js';
import { ask } from '../ui/ask.js';
import { Confirm } from '../ui/Confirm.js';

export const eraseWarning = (email: string) =>
  `Erase the account of ${email} and the personal data of all its bookings? This cannot be undone.`;

/** contrail accounts erase <email>: right to erasure for an account and all its bookings (after a confirmation). */
export async function eraseAccount(
  ctx: CommandContext,
  email: string,
  options: { brand?: string; reason?: string; yes?: boolean; json?: boolean },
): Promise<void> {
  const address = email.trim();
  if (!address.includes('@')) throw new InputError(`"${email}" is not an email address`);
  const reason = parseReason(options.reason);
  if (!options.yes) {
    if (!ctx.io.interactive) {
      throw new InputError('erasing an account needs a confirmation: run it in a terminal, or pass --yes');
    }
    const yes = await ask<boolean>(ctx.io, (answer) => <Confirm message={eraseWarning(address)} onAnswer={answer} />);
    if (!yes) throw new CliError('Cancelled: nothing was erased.');
  }
  const result = await ctx.client.call('POST', '/api/admin/accounts/erase', {
    body: { email: address, reason, ...(options.brand && { brand: options.brand }) },
    action: 'contrail accounts erase',
    schema: accountErasureSchema,
  });
  if (options.json) return printJson(ctx.io, result);
  const trips = result.erasedBookings === 1 ? '1 booking' : `${result.erasedBookings} bookings`;
  print(ctx.io, `Erased the account of ${address} and the personal data of ${trips}.`);
}
