import { Option, type Command } from 'commander';
import type { CommandContext } from '../context.js';
import type { ScopeOptions } from './staff.js';

/** Loaded when a staff command runs (it brings Ink for its confirmation). */
const staffModule = () => import('./staff.js');

export type Runner = <Args extends unknown[]>(
  action: (ctx: CommandContext, ...args: Args) => Promise<void>,
) => (...args: [...Args, Record<string, unknown>, Command]) => Promise<void>;

const json = () => new Option('--json', 'print JSON for scripts instead of text');
const collect = (value: string, previous: string[] = []) => [...previous, value];

function scopeOptions(command: Command): Command {
  return command
    .requiredOption('--role <role>', 'platform-admin, brand-admin, support-agent or auditor')
    .option('--brand <key>', 'a brand the role covers (repeat for several; none for a platform admin)', collect)
    .requiredOption('--reason <text>', 'why (5 to 500 characters; recorded with the change)')
    .addOption(json());
}

/** contrail staff list|invite|role|revoke|history. */
export function staffCommand(program: Command, run: Runner): void {
  const staff = program.command('staff').description('staff accounts and roles (platform and brand admins)');
  staff
    .command('list')
    .description('everyone on the staff you may see, with role, brands and status')
    .addOption(json())
    .action(run(async (ctx, options: { json?: boolean }) => (await staffModule()).listStaff(ctx, options)));
  scopeOptions(
    staff
      .command('invite')
      .description('email someone a single-use invitation link (valid 72 hours) to join with a role')
      .argument('<email>', 'their email address'),
  ).action(
    run(async (ctx, email: string, options: ScopeOptions) => (await staffModule()).inviteStaff(ctx, email, options)),
  );
  scopeOptions(
    staff
      .command('role')
      .description("change a member's role or brands")
      .argument('<id>', 'staff id (see contrail staff list)'),
  ).action(
    run(async (ctx, id: string, options: ScopeOptions) => (await staffModule()).changeStaffRole(ctx, id, options)),
  );
  staff
    .command('revoke')
    .description("end a member's access and every session they have (asks for a confirmation)")
    .argument('<id>', 'staff id (see contrail staff list)')
    .requiredOption('--reason <text>', 'why (5 to 500 characters; recorded with the change)')
    .option('--yes', 'revoke without asking')
    .addOption(json())
    .action(
      run(async (ctx, id: string, options: { reason?: string; yes?: boolean; json?: boolean }) =>
        (await staffModule()).revokeStaff(ctx, id, options),
      ),
    );
  staff
    .command('history')
    .description('every staff change with who, when and why (one member when an id is given)')
    .argument('[id]', 'staff id')
    .addOption(json())
    .action(
      run(async (ctx, id: string | undefined, options: { json?: boolean }) =>
        (await staffModule()).staffHistory(ctx, id, options),
      ),
    );
}
