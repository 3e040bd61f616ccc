import { Command, CommanderError, Option } from 'commander';
import { commandContext } from './context.js';
import { DEFAULT_ENGINE_URL } from './engine/engine-url.js';
import { CliError } from './errors.js';
import { printableIo, type CliIo } from './io.js';
import { BRAND_FIELDS } from './commands/brand-input.js';
import type { BookingFilters } from './commands/bookings.js';
import type { LoginOptions } from './commands/login.js';
import type { ReconcileOptions } from './commands/reconcile.js';
import type { RevenueOptions } from './commands/revenue.js';
import type { ExportOptions } from './commands/export.js';
import type { InboxOptions } from './commands/inbox.js';
import type { SearchOptions } from './commands/search.js';
import { staffCommand } from './commands/staff-command.js';
import { brandPricingCommand } from './commands/brand-pricing-command.js';

/**
 * Each command's module is loaded when it runs, not at start: Ink, React and the answers' schemas
 * cost more CPU than most commands themselves, and `--help` needs none of them.
 */
const commands = {
  accounts: () => import('./commands/accounts.js'),
  actForTraveller: () => import('./commands/act-for-traveller.js'),
  bookings: () => import('./commands/bookings.js'),
  brands: () => import('./commands/brands.js'),
  export: () => import('./commands/export.js'),
  inbox: () => import('./commands/inbox.js'),
  login: () => import('./commands/login.js'),
  mode: () => import('./commands/mode.js'),
  outbox: () => import('./commands/outbox.js'),
  projections: () => import('./commands/projections.js'),
  reconcile: () => import('./commands/reconcile.js'),
  refunds: () => import('./commands/refunds.js'),
  revenue: () => import('./commands/revenue.js'),
  search: () => import('./commands/search.js'),
};

const json = () => new Option('--json', 'print JSON for scripts instead of text');

function brandFieldOptions(command: Command): Command {
  for (const field of BRAND_FIELDS) command.option(field.flag, field.help);
  return command.option('--file <brand.json>', 'read the fields from a JSON file (options override it)');
}

/** The whole command tree; every action gets the io it runs with. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('contrail')
    .description("Contrail's admin and support command line: talks to the engine's HTTP API.")
    .option('--url <url>', `the engine's address (default: CONTRAIL_URL, else ${DEFAULT_ENGINE_URL})`)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride();
  const run =
    <Args extends unknown[]>(action: (ctx: ReturnType<typeof commandContext>, ...args: Args) => Promise<void>) =>
    async (...args: [...Args, Record<string, unknown>, Command]) => {
      const command = args[args.length - 1] as Command;
      await action(commandContext(io, command), ...(args.slice(0, -1) as Args));
    };

  program
    .command('login')
    .description('sign in; prompts for what is not given (the password is never shown)')
    .option('--username <username>', 'account name')
    .option('--password <password>', 'password (prefer the prompt or CONTRAIL_PASSWORD: options show in ps)')
    .option('--code <code>', 'two-factor code from the authenticator app, or a recovery code (for scripts)')
    .option('--brand <key>', "the brand your staff account belongs to (brand staff; default: the platform's)")
    .action(run(async (ctx, options: LoginOptions) => (await commands.login()).login(ctx, options)));

  program
    .command('logout')
    .description('sign out and forget the session kept for this engine')
    .action(run(async (ctx) => (await commands.login()).logout(ctx)));

  program
    .command('mode')
    .description('show the system mode, or switch it to test or live (live asks for confirmation)')
    .argument('[mode]', 'test or live')
    .option('--yes', 'switch to live without asking')
    .option('--history', 'list every switch with who and when')
    .addOption(json())
    .action(
      run(async (ctx, requested: string | undefined, options: Record<string, boolean>) =>
        (await commands.mode()).mode(ctx, requested, options),
      ),
    );

  const brands = program.command('brands').description('manage brands (white-label storefronts)');
  brands
    .command('list')
    .description('list the brands')
    .addOption(json())
    .action(run(async (ctx, options: { json?: boolean }) => (await commands.brands()).listBrands(ctx, options)));
  brands
    .command('show')
    .description("show one brand's configuration")
    .argument('<key>', 'brand key')
    .addOption(json())
    .action(
      run(async (ctx, key: string, options: { json?: boolean }) =>
        (await commands.brands()).showBrand(ctx, key, options),
      ),
    );
  brandFieldOptions(
    brands
      .command('create')
      .description("create a brand; unset colours and font start from the default brand's")
      .option('--key <key>', "brand key: the brand's host name, like skyfares.com"),
  )
    .addOption(json())
    .action(run(async (ctx, options: Record<string, unknown>) => (await commands.brands()).createBrand(ctx, options)));
  brandFieldOptions(
    brands.command('update').description('change some fields of a brand').argument('<key>', 'brand key'),
  )
    .addOption(json())
    .action(
      run(async (ctx, key: string, options: Record<string, unknown>) =>
        (await commands.brands()).updateBrand(ctx, key, options),
      ),
    );
  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    brands
      .command(name)
      .description(`${name} a brand (its storefront ${disabled ? 'says the site is not available' : 'comes back'})`)
      .argument('<key>', 'brand key')
      .addOption(json())
      .action(
        run(async (ctx, key: string, options: { json?: boolean }) =>
          (await commands.brands()).setBrandDisabled(ctx, key, disabled, options),
        ),
      );
  }
  brands
    .command('history')
    .description("a brand's audit trail: every change with who and when")
    .argument('<key>', 'brand key')
    .addOption(json())
    .action(
      run(async (ctx, key: string, options: { json?: boolean }) =>
        (await commands.brands()).brandHistory(ctx, key, options),
      ),
    );
  brandPricingCommand(brands, run);

  const bookings = program.command('bookings').description('find bookings and read their history (support)');
  bookings
    .command('list')
    .description('list bookings, newest first, filtered by any of the options')
    .option('--reference <reference>', 'booking reference, like 1A2B3C4D')
    .option('--email <email>', "a traveller's email address")
    .option('--status <status>', 'pending, confirmed, cancelled, completed or failed (any case)')
    .option('--brand <key>', 'brand key (platform admins; a brand admin sees their own brand)')
    .option('--from <day>', 'created on or after: today, yesterday, 2026-11-01 or 1/11/2026 (your time zone)')
    .option('--to <day>', 'created on or before, the whole day included (same forms)')
    .option('--limit <n>', 'at most this many (1 to 500, default 100)')
    .addOption(json())
    .action(
      run(async (ctx, options: BookingFilters & { json?: boolean }) =>
        (await commands.bookings()).listBookings(ctx, options),
      ),
    );
  bookings
    .command('search')
    .description('the support search, a page at a time (n/p in a terminal); travellers shown by their initials')
    .option('--reference <reference>', 'booking reference as printed (any case, spaces ignored)')
    .option('--name <name>', "a traveller's surname, or given name and surname (whole, any case or accents)")
    .option('--email <email>', "a traveller's email address")
    .option('--phone <phone>', "a traveller's phone with its country code, like +44 20 7946 0001")
    .option('--status <status>', 'pending, confirmed, cancelled, completed or failed (any case)')
    .option('--brand <key>', 'only this brand (default: every brand you work for)')
    .option('--dates <which>', '--from/--to are booked (default) or departure days')
    .option('--from <day>', 'on or after: today, yesterday, 2026-11-01 or 1/11/2026 (your time zone)')
    .option('--to <day>', 'on or before, the whole day included (same forms)')
    .option('--limit <n>', 'bookings per page (1 to 100, default 20)')
    .option('--page <n>', 'which page (default 1)')
    .addOption(json())
    .action(run(async (ctx, options: SearchOptions) => (await commands.search()).searchBookings(ctx, options)));
  bookings
    .command('show')
    .description('one booking: status, route, passengers by type, payment and order')
    .argument('<ref>', 'booking reference (any case, spaces ignored) or booking id')
    .addOption(json())
    .action(
      run(async (ctx, ref: string, options: { json?: boolean }) =>
        (await commands.bookings()).showBooking(ctx, ref, options),
      ),
    );
  bookings
    .command('history')
    .description("a booking's replay: every event with its time, actor and the booking's state after it")
    .argument('<ref>', 'booking reference, or booking id (a failed checkout has no reference)')
    .option('--reveal', 'show personal data instead of [sealed] (staff; recorded with your name and --reason)')
    .option('--reason <text>', 'why you need to see it: a booking reference or the ticket (5+ characters)')
    .addOption(json())
    .action(
      run(async (ctx, ref: string, options: { json?: boolean; reveal?: boolean; reason?: string }) =>
        (await commands.bookings()).bookingHistory(ctx, ref, options),
      ),
    );

  bookings
    .command('cancel')
    .description('cancel for the traveller: shows the refund quote, then refunds exactly it (support)')
    .argument('<ref>', 'booking reference (any case, spaces ignored) or booking id')
    .option('--reason <text>', 'why: the ticket or the call (5+ characters), recorded with your name')
    .option('--yes', 'confirm the quoted refund without asking')
    .addOption(json())
    .action(
      run(async (ctx, ref: string, options: { reason?: string; yes?: boolean; json?: boolean }) =>
        (await commands.actForTraveller()).cancelForTraveller(ctx, ref, options),
      ),
    );
  bookings
    .command('resend-confirmation')
    .description("email the booking's confirmation to the traveller again (support)")
    .argument('<ref>', 'booking reference (any case, spaces ignored) or booking id')
    .option('--reason <text>', 'why: the ticket or the call (5+ characters), recorded with your name')
    .option('--request-id <uuid>', 'retry a request without sending twice (default: a new one)')
    .addOption(json())
    .action(
      run(async (ctx, ref: string, options: { reason?: string; requestId?: string; json?: boolean }) =>
        (await commands.actForTraveller()).resendConfirmation(ctx, ref, options),
      ),
    );

  bookings
    .command('note')
    .description("add an internal note to the booking's desk timeline, never shown to the traveller (support)")
    .argument('<ref>', 'booking reference (any case, spaces ignored) or booking id')
    .option('--text <text>', 'the note')
    .addOption(json())
    .action(
      run(async (ctx, ref: string, options: { text?: string; json?: boolean }) =>
        (await commands.actForTraveller()).addInternalNote(ctx, ref, options),
      ),
    );

  program
    .command('refunds')
    .description('refunds tracked to the traveller (support)')
    .command('overdue')
    .description('refunds the airline paid over 7 days ago that the traveller has not been paid yet, oldest first')
    .option('--brand <key>', 'only this brand (default: every brand you work for)')
    .addOption(json())
    .action(
      run(async (ctx, options: { brand?: string; json?: boolean }) =>
        (await commands.refunds()).overdueRefunds(ctx, options),
      ),
    );

  const accounts = program.command('accounts').description("travellers' accounts (admins)");
  accounts
    .command('erase')
    .description('right to erasure: delete an account and the personal data of all its bookings, messages and emails')
    .argument('<email>', "the account's email address")
    .option('--brand <key>', 'the brand the account belongs to (platform admins; default: your own)')
    .option('--reason <text>', 'why: the request or ticket (5+ characters), recorded on each booking')
    .option('--yes', 'erase without asking')
    .addOption(json())
    .action(
      run(async (ctx, email: string, options: { brand?: string; reason?: string; yes?: boolean; json?: boolean }) =>
        (await commands.accounts()).eraseAccount(ctx, email, options),
      ),
    );

  const outbox = program.command('outbox').description('booking emails the engine has written');
  outbox
    .command('list')
    .description('list booking emails, newest first (the last 100)')
    .option('--booking <ref>', 'only this booking (its reference or id)')
    .option('--brand <key>', 'only this brand (platform admins)')
    .addOption(json())
    .action(
      run(async (ctx, options: { booking?: string; brand?: string; json?: boolean }) =>
        (await commands.outbox()).listOutbox(ctx, options),
      ),
    );

  const inbox = program
    .command('inbox')
    .description('messages from the contact and support forms, per brand: status, assignee, the booking named');
  inbox
    .command('list')
    .description('list messages, newest first; senders shown by their initials')
    .option('--status <status>', 'new, answered or closed')
    .option('--assignee <who>', 'a username, me, or none (unassigned)')
    .option('--brand <key>', 'only this brand (default: every brand you work for)')
    .option('--limit <n>', 'messages per page (1 to 100, default 20)')
    .option('--page <n>', 'which page (default 1)')
    .addOption(json())
    .action(run(async (ctx, options: InboxOptions) => (await commands.inbox()).listInbox(ctx, options)));
  inbox
    .command('show')
    .description('one message whole, to answer it, with who changed its status or assignee and when')
    .argument('<id>', 'message id (see contrail inbox list)')
    .addOption(json())
    .action(
      run(async (ctx, id: string, options: { json?: boolean }) =>
        (await commands.inbox()).showMessage(ctx, id, options),
      ),
    );
  inbox
    .command('status')
    .description("set a message's status (recorded with your name)")
    .argument('<id>', 'message id')
    .argument('<status>', 'new, answered or closed')
    .addOption(json())
    .action(
      run(async (ctx, id: string, status: string, options: { json?: boolean }) =>
        (await commands.inbox()).setMessageStatus(ctx, id, status, options),
      ),
    );
  inbox
    .command('assign')
    .description('assign a message to a member of staff of its brand (recorded with your name)')
    .argument('<id>', 'message id')
    .argument('<who>', 'a username, me, or none to unassign')
    .addOption(json())
    .action(
      run(async (ctx, id: string, who: string, options: { json?: boolean }) =>
        (await commands.inbox()).assignMessage(ctx, id, who, options),
      ),
    );

  staffCommand(program, run);

  const projections = program.command('projections').description("the engine's read models (platform admins)");
  projections
    .command('status')
    .description("each projection's checkpoint, the event store's head, the lag and the state")
    .addOption(json())
    .action(
      run(async (ctx, options: { json?: boolean }) => (await commands.projections()).projectionsStatus(ctx, options)),
    );
  projections
    .command('rebuild')
    .description('empty a read model and replay every event into it, with a progress bar (all when no name)')
    .argument('[name]', 'projection name (see contrail projections status)')
    .option('--yes', 'rebuild without asking (needed without a terminal)')
    .addOption(new Option('--json', 'print the final state as JSON instead of the progress'))
    .action(
      run(async (ctx, name: string | undefined, options: { json?: boolean; yes?: boolean }) =>
        (await commands.projections()).projectionsRebuild(ctx, name, options),
      ),
    );

  program
    .command('reconcile')
    .description(
      'compare bookings with the payment and flight providers; repair what is safe, list the rest (platform admins)',
    )
    .option('--dry-run', 'only look: list what would be repaired, change nothing')
    .option('--since <date>', 'compare what was booked and paid since then (default: 8 days)')
    .option('--settle <seconds>', 'leave alone what changed this recently: the saga may still be at work (default 120)')
    .option('--last', 'show the report of the last run (the engine reconciles every 5 minutes)')
    .addOption(json())
    .action(run(async (ctx, options: ReconcileOptions) => (await commands.reconcile()).reconcileNow(ctx, options)));

  program
    .command('revenue')
    .description('sales, provider cost, card fees, refunds and margin per brand and period (admins: their brands)')
    .requiredOption('--from <date>', 'first UTC day, like 2026-11-01')
    .requiredOption('--to <date>', 'last UTC day, included')
    .option('--brand <key>', 'only this brand (platform admins; a brand admin sees their own)')
    .addOption(new Option('--granularity <unit>', 'sum by day, week or month').choices(['day', 'week', 'month']))
    .addOption(json())
    .addOption(new Option('--csv', 'print CSV (RFC 4180, header row) for spreadsheets'))
    .action(run(async (ctx, options: RevenueOptions) => (await commands.revenue()).revenue(ctx, options)));

  program
    .command('export')
    .description('bookings or money lines as CSV (RFC 4180, header row) for spreadsheets; names as initials')
    .argument('<what>', 'bookings or money')
    .option('--from <date>', 'first UTC day of booking, like 2026-11-01')
    .option('--to <date>', 'last UTC day, included')
    .option('--brand <key>', 'only this brand (platform admins; a brand admin gets their own)')
    .option('--reveal', "bookings with travellers' full names (staff who may reveal; recorded with --reason)")
    .option('--reason <text>', 'why you need the names: a ticket or booking reference (5 to 500 characters)')
    .action(
      run(async (ctx, what: string, options: ExportOptions) => (await commands.export()).exportCsv(ctx, what, options)),
    );

  return program;
}

/** Runs one command line; answers the exit code instead of exiting, so tests can call it. */
export async function runCli(argv: readonly string[], given: CliIo): Promise<number> {
  // Names, messages and ids come from the engine: none may move the cursor or reorder the line.
  const io = printableIo(given);
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CliError) {
      io.stderr.write(`${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}
