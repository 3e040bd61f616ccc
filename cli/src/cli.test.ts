import { execFile } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { SqlClient } from '@contrail/engine';
import { adminTestApp, PROVIDERS_CONFIGURED, sqlBackends, TEST_PASSWORD } from '@contrail/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliHarness, listen, type CliRun } from './test-support/cli-harness.js';
import { FakeStdin, FakeStdout, plain, type } from './test-support/terminal.js';

const binPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'contrail.mjs');

describe('contrail against a real engine', () => {
  let sql: SqlClient;
  let engine: Awaited<ReturnType<typeof listen>>;
  let harness: Awaited<ReturnType<typeof cliHarness>>;
  let cli: (...argv: string[]) => Promise<CliRun>;
  const at = (...argv: string[]) => cli('--url', engine.url, ...argv);
  const signIn = (username: string) => at('login', '--username', username, '--password', TEST_PASSWORD);

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    const { app } = await adminTestApp(sql, { config: PROVIDERS_CONFIGURED });
    engine = await listen(app);
    harness = await cliHarness();
    cli = harness.cli;
  });
  afterAll(async () => {
    await engine.close();
    await harness.cleanup();
    await sql.close();
  });

  it('prints help for every command', async () => {
    const commands = [[], ['login'], ['logout'], ['mode'], ['brands']];
    for (const sub of ['list', 'show', 'create', 'update', 'disable', 'enable', 'history'])
      commands.push(['brands', sub]);
    for (const command of commands) {
      const run = await cli(...command, '--help');
      expect(run.code, command.join(' ')).toBe(0);
      expect(run.out).toContain(`Usage: contrail ${command.join(' ')}`.trim());
    }
    expect((await cli('brands', 'create', '--help')).out).toContain('--primary <hex>');
  });

  it('says when it cannot reach the engine', async () => {
    const closed = await listen(engine.server.listeners('request')[0] as never);
    await closed.close();
    const run = await cli('--url', closed.url, 'mode');
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      `Cannot reach the Contrail engine at ${closed.url} (ECONNREFUSED). Is it running? Set --url or CONTRAIL_URL to its address.\n`,
    );
  });

  it('refuses an answer that breaks its contract, naming the field', async () => {
    // An engine of another version: its settings lack a field this CLI reads.
    const other = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ enableLiveMode: 'no', environment: 'test' }));
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const run = await cli('--url', url, 'mode');
      expect(run.code).toBe(1);
      expect(run.err).toMatch(
        new RegExp(
          `^Unexpected answer from ${url}/api/admin/settings: enableLiveMode: .+\\. Are the CLI and the engine the same version\\?\n$`,
        ),
      );
      expect(run.out).toBe('');
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('refuses a bad --url and unknown commands', async () => {
    const bad = await cli('--url', 'not a url', 'mode');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Invalid input: --url: "not a url" is not a URL');
    const unknown = await cli('flights');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("unknown command 'flights'");
  });

  it('asks to sign in first', async () => {
    const run = await at('brands', 'list');
    expect(run.code).toBe(1);
    expect(run.err).toBe('Not signed in: run contrail login\n');
  });

  it('needs both credentials when there is no terminal to ask in', async () => {
    const run = await at('login', '--username', 'root');
    expect(run.code).toBe(2);
    expect(run.err).toContain('a username and password are needed');
  });

  it('reports a failed login', async () => {
    const run = await at('login', '--username', 'root', '--password', 'wrong-password');
    expect(run.code).toBe(1);
    expect(run.err).toBe('Login failed: Invalid username or password\n');
  });

  it('refuses admin commands to a non-admin, naming the command', async () => {
    const login = await signIn('traveller');
    expect(login.out).toContain('Signed in to');
    expect(login.out).toContain('This account is not an admin');
    const run = await at('brands', 'list');
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      'Permission denied: contrail brands list needs an admin (the engine said: Admin access required)\n',
    );
    await signIn('brandadmin');
    const live = await at('mode', 'live', '--yes');
    expect(live.err).toBe(
      'Permission denied: contrail mode live needs an admin (the engine said: Platform admin access required)\n',
    );
  });

  it('keeps the session in the config directory, readable by its owner only', async () => {
    const run = await signIn('root');
    expect(run.out).toBe(`Signed in to ${engine.url} as root (admin).\n`);
    const file = path.join(harness.configDir, 'session.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    // The session, the engine's known-device cookie (exempts this client from the account's sign-in
    // ceiling) and its signed-in hint, kept like any cookie the engine sets.
    expect(saved.sessions[engine.url].cookie).toMatch(
      /^contrail\.device=[^;]+; contrail\.session=[^;]+; contrail\.session\.sig=[^;]+; contrail\.signed-in=1$/,
    );
    expect(JSON.stringify(saved)).not.toContain(TEST_PASSWORD);
  });

  it('shows and switches the mode, with the audit trail', async () => {
    await signIn('root');
    expect((await at('mode')).out).toBe(
      'Mode:        test\nEnvironment: test\nDuffel API:  configured\nStripe:      configured\n',
    );
    const unconfirmed = await at('mode', 'live');
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.err).toContain('enabling live mode needs a confirmation: run it in a terminal, or pass --yes');
    expect((await at('mode', 'live', '--yes')).out).toBe('Live mode enabled.\n');
    expect(JSON.parse((await at('mode', '--json')).out)).toEqual({
      enableLiveMode: true,
      environment: 'test',
      duffelApiConfigured: true,
      stripeConfigured: true,
      sandboxes: { flights: 'none', payments: 'none' },
    });
    expect((await at('mode', 'test')).out).toBe('Test mode enabled.\n');
    const history = await at('mode', '--history');
    expect(history.out.split('\n')[0]).toMatch(/^WHEN \(UTC\)\s+MODE\s+BY$/);
    expect(history.out).toMatch(/live\s+root/);
    expect(JSON.parse((await at('mode', '--history', '--json')).out).map((c: { mode: string }) => c.mode)).toEqual([
      'live',
      'test',
    ]);
    const bad = await at('mode', 'production');
    expect(bad.code).toBe(2);
    expect(bad.err).toBe('Invalid input: the mode must be "test" or "live", not "production"\n');
  });

  it('creates, lists, shows, updates, disables and audits brands', async () => {
    await signIn('root');
    const created = await at(
      'brands',
      'create',
      '--key',
      'skyfares.com',
      '--name',
      'SkyFares',
      '--domain',
      'skyfares.com',
      '--primary',
      '#1d4ed8',
      '--email',
      'help@skyfares.com',
      '--phone',
      '+1 555 0100',
    );
    expect(created.code, created.err).toBe(0);
    expect(created.out).toContain('Created brand skyfares.com.');
    expect(created.out).toMatch(/Pricing: +default \+23% \(contrail brands pricing show\)/);
    expect(created.out).toContain('primary #1d4ed8, secondary #006655');

    const file = path.join(harness.configDir, 'cheapjets.json');
    await writeFile(
      file,
      JSON.stringify({
        key: 'cheapjets.com',
        name: 'CheapJets',
        domain: 'cheapjets.com',
        contact: { email: 'a@cheapjets.com', phone: '555-0101' },
        pricing: { rules: [], fallback: { percent: 10, fixed: 0, per: 'booking' }, minimumMarginPercent: 0 },
      }),
    );
    expect(created.err).toBe('');
    const fromFile = await at('brands', 'create', '--file', file, '--name', 'Cheap Jets', '--json');
    // The brand editor's warnings, on stderr: the default primary colour is just under AA with white text.
    expect(fromFile.err).toMatch(
      /^Warning: White text on the primary colour #008870 has a contrast of 4\.\d\d:1, below WCAG AA \(4\.5:1\)\. Buttons and badges will use #[0-9a-f]{6} instead\.\n$/,
    );
    expect(JSON.parse(fromFile.out)).toMatchObject({
      key: 'cheapjets.com',
      name: 'Cheap Jets',
      pricing: { fallback: { percent: 10 } },
      version: 1,
    });

    const table = (await at('brands', 'list')).out.split('\n');
    expect(table[0]).toMatch(/^KEY\s+NAME\s+DOMAIN\s+PRICING\s+STATUS\s+UPDATED \(UTC\)$/);
    expect(table[1]).toMatch(/^cheapjets\.com\s+Cheap Jets\s+cheapjets\.com\s+default \+10%\s+active\s/);
    expect(table[2]).toMatch(/^skyfares\.com\s+SkyFares\s+skyfares\.com\s+default \+23%\s+active\s/);
    const listed = JSON.parse((await at('brands', 'list', '--json')).out);
    expect(listed.map((brand: { key: string }) => brand.key)).toEqual(['cheapjets.com', 'skyfares.com']);

    expect((await at('brands', 'show', 'skyfares.com')).out).toMatch(/^Key: +skyfares\.com\nName: +SkyFares\n/);
    const updated = await at('brands', 'update', 'skyfares.com', '--accent', '#f59e0b');
    expect(updated.out).toContain('Updated brand skyfares.com (version 2).');
    expect(updated.out).toContain('accent #f59e0b');
    expect((await at('brands', 'disable', 'cheapjets.com')).out).toBe('Brand cheapjets.com is disabled.\n');
    expect((await at('brands', 'enable', 'cheapjets.com')).out).toBe('Brand cheapjets.com is active.\n');
    const history = (await at('brands', 'history', 'skyfares.com')).out;
    expect(history).toMatch(
      /^VERSION\s+WHEN \(UTC\)\s+BY\s+ACTION\s+CHANGES\n1\s+[\d-]+ [\d:]+\s+root\s+created\n2\s+[\d-]+ [\d:]+\s+root\s+updated\s+/,
    );
    // The changes, the widest column, are cut to fit 100 columns; --json has them in full.
    expect(history).toContain('theme.accent: ');
    expect(Math.max(...history.split('\n').map((line) => line.length))).toBeLessThanOrEqual(100);
    const changes = JSON.parse((await at('brands', 'history', 'skyfares.com', '--json')).out);
    expect(changes[1].changes).toMatchObject({ 'theme.accent': { from: '#00ffcc', to: '#f59e0b' } });
  });

  it('sets, previews and audits a brand pricing rules: contrail brands pricing', async () => {
    await signIn('root');
    const added = await at(
      'brands',
      'pricing',
      'add-rule',
      'skyfares.com',
      '--name',
      'Transatlantic',
      '--from',
      'north-america',
      '--to',
      'europe',
      '--percent',
      '10',
      '--fixed',
      '25',
      '--per',
      'traveller',
      '--reason',
      'Q1 transatlantic campaign',
    );
    expect(added.code, added.err).toBe(0);
    expect(added.out).toMatch(/^Saved the pricing of skyfares\.com \(version 3\)\.\n/);
    expect(added.out).toMatch(/1\s+rule-1\s+Transatlantic\s+from North America, to Europe\s+\+10% \+ 25 per traveller/);
    await at(
      'brands',
      'pricing',
      'add-rule',
      'skyfares.com',
      '--id',
      'ba',
      '--airline',
      'ba',
      '--percent',
      '30',
      '--at',
      '1',
      '--reason',
      'BA deal ends',
    );
    const moved = await at(
      'brands',
      'pricing',
      'move-rule',
      'skyfares.com',
      'ba',
      '--at',
      '2',
      '--reason',
      'transatlantic first',
    );
    expect(moved.out).toMatch(/1\s+rule-1\s+Transatlantic[^\n]*\n2\s+ba\s/);
    const preview = await at(
      'brands',
      'pricing',
      'preview',
      'skyfares.com',
      '--from',
      'JFK',
      '--to',
      'LHR',
      '--airline',
      'BA',
      '--amount',
      '812.40',
      '--adults',
      '2',
    );
    expect(preview.out).toBe(
      'JFK-LHR Economy, 2 adults: provider 812.40 → traveller 944.00, margin 131.60 (Transatlantic)\n',
    );
    const shown = await at('brands', 'pricing', 'show', 'skyfares.com', '--json');
    expect(JSON.parse(shown.out).rules.map((rule: { id: string }) => rule.id)).toEqual(['rule-1', 'ba']);
    // The table cuts its widest column to 100 columns; --json has the reason whole.
    expect((await at('brands', 'history', 'skyfares.com')).out).toContain('pricing changed; why: ');
    const changes = JSON.parse((await at('brands', 'history', 'skyfares.com', '--json')).out);
    expect(changes.at(-1)).toMatchObject({ action: 'pricing', reason: 'transatlantic first' });

    const noReason = await at('brands', 'pricing', 'remove-rule', 'skyfares.com', 'ba', '--reason', 'no');
    expect([noReason.code, noReason.err]).toEqual([2, 'Invalid input: --reason: say why, in 5 characters or more\n']);
    const mars = await at(
      'brands',
      'pricing',
      'add-rule',
      'skyfares.com',
      '--from',
      'Mars',
      '--reason',
      'to the stars',
    );
    expect(mars.err).toBe('Invalid input: rule match.origin: must be a country code (GB) or a region (europe)\n');
    const unknown = await at('brands', 'pricing', 'remove-rule', 'skyfares.com', 'nope', '--reason', 'cleaning up');
    expect(unknown.err).toBe('Invalid input: no rule nope (rules: rule-1, ba)\n');
    const badTrip = await at(
      'brands',
      'pricing',
      'preview',
      'skyfares.com',
      '--from',
      'JFK',
      '--to',
      'XXX',
      '--amount',
      '1',
    );
    expect(badTrip.err).toBe('Invalid input: Unknown airport XXX: use an IATA code like JFK\n');
  });

  it('explains bad brand input, before or after it reaches the engine', async () => {
    await signIn('root');
    const colour = await at('brands', 'update', 'skyfares.com', '--primary', 'blue');
    expect(colour.code).toBe(2);
    expect(colour.err).toBe('Invalid input: theme.primary: Colour must be a hex value like #008870\n');
    const script = await at(
      'brands',
      'update',
      'skyfares.com',
      '--logo',
      'javascript:alert(1)',
      '--font',
      'Comic Sans',
    );
    expect(script.code).toBe(2);
    expect(script.err).toContain('logo: Logo must be an https:// address or a path on this site');
    expect(script.err).toContain('theme.font: Font must be one of Inter, Lora, Montserrat');
    const font = await at('brands', 'update', 'skyfares.com', '--font', 'LORA');
    expect(font.code, font.err).toBe(0);
    expect(font.out).toMatch(/\nFont: +Lora\n/);
    const nothing = await at('brands', 'update', 'skyfares.com');
    expect(nothing.err).toContain('Invalid input: nothing to change');
    const noKey = await at('brands', 'create', '--name', 'X');
    expect(noKey.err).toBe('Invalid input: --key is required (or "key" in --file)\n');
    const missingFile = await at('brands', 'create', '--file', '/nonexistent/brand.json');
    expect(missingFile.err).toBe('Invalid input: --file: cannot read /nonexistent/brand.json (ENOENT)\n');
    const duplicate = await at('brands', 'update', 'cheapjets.com', '--domain', 'SkyFares.com');
    expect(duplicate.err).toBe('Another brand already uses this domain\n');
    const missing = await at('brands', 'show', 'nowhere.com');
    expect(missing.err).toBe('Brand not found: nowhere.com\n');
  });

  it('prompts in a terminal: login without echoing the password, and a confirmation for live mode', async () => {
    const stdin = new FakeStdin();
    const terminal = new FakeStdout();
    const tty = await cliHarness({
      interactive: true,
      stdin: stdin as unknown as NodeJS.ReadStream,
      terminal: terminal as unknown as NodeJS.WriteStream,
    });
    // Ink reads keys once a prompt is mounted (with CI=true it draws only the final frame).
    const listening = () => vi.waitFor(() => expect(stdin.listenerCount('readable')).toBeGreaterThan(0));
    try {
      const login = tty.cli('--url', engine.url, 'login');
      await listening();
      await type(stdin, 'root', '\r', TEST_PASSWORD, '\r');
      const signedIn = await login;
      expect(signedIn.out).toBe(`Signed in to ${engine.url} as root (admin).\n`);
      expect(plain(terminal.output)).toContain('Username: root');
      expect(terminal.output).not.toContain(TEST_PASSWORD);

      const declined = tty.cli('--url', engine.url, 'mode', 'live');
      await listening();
      await type(stdin, 'n');
      expect(await declined).toMatchObject({ code: 1, err: 'Cancelled: live mode was not enabled.\n' });
      expect(plain(terminal.output)).toContain('Enable LIVE mode? Every engine will book real flights');

      const confirmed = tty.cli('--url', engine.url, 'mode', 'live');
      await listening();
      await type(stdin, 'y');
      expect((await confirmed).out).toBe('Live mode enabled.\n');
      expect((await tty.cli('--url', engine.url, 'mode', 'test')).out).toBe('Test mode enabled.\n');
    } finally {
      await tty.cleanup();
    }
  });

  it('runs through the bin entry, with CONTRAIL_URL and CONTRAIL_CONFIG_DIR', async () => {
    await signIn('root');
    const { stdout } = await promisify(execFile)(process.execPath, [binPath, 'brands', 'list', '--json'], {
      env: { ...process.env, CONTRAIL_URL: engine.url, CONTRAIL_CONFIG_DIR: harness.configDir },
    });
    expect(JSON.parse(stdout).length).toBe(2);
  });

  it('signs out, on the engine and here', async () => {
    await signIn('root');
    expect((await at('logout')).out).toBe(`Signed out of ${engine.url}.\n`);
    expect((await at('brands', 'list')).err).toBe('Not signed in: run contrail login\n');
    expect((await at('logout')).out).toBe(`Not signed in to ${engine.url}.\n`);
  });
});
