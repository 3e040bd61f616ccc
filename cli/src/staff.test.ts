import type { SqlClient } from '@contrail/engine';
import { adminTestApp, sqlBackends, TEST_PASSWORD } from '@contrail/engine/testing';
import type { StaffChange, StaffMember } from '@contrail/shared/staff/contracts';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliHarness, listen, type CliRun } from './test-support/cli-harness.js';
import { FakeStdin, FakeStdout, plain, type } from './test-support/terminal.js';

const STAFF_PASSWORD = 'a-Staff-Password-9!';

describe('contrail staff against a real engine', () => {
  let sql: SqlClient;
  let engine: Awaited<ReturnType<typeof listen>>;
  let harness: Awaited<ReturnType<typeof cliHarness>>;
  const at = (...argv: string[]): Promise<CliRun> => harness.cli('--url', engine.url, ...argv);
  let anaId: string;

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    engine = await listen((await adminTestApp(sql)).app);
    harness = await cliHarness();
    await at('login', '--username', 'root', '--password', TEST_PASSWORD);
    const brand = [
      '--key',
      'skyfares.com',
      '--name',
      'SkyFares',
      '--email',
      'help@skyfares.com',
      '--phone',
      '+1 555 0100',
    ];
    const created = await at('brands', 'create', ...brand, '--domain', 'skyfares.com', '--primary', '#1d4ed8');
    expect(created.code, created.err).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
    await harness.cleanup();
    await sql.close();
  });

  it('invites, lists, changes a role, revokes and shows the history with who and why', async () => {
    const invited = await at(
      'staff',
      'invite',
      'ana@example.com',
      '--role',
      'support-agent',
      '--brand',
      'skyfares.com',
      '--reason',
      'joins the desk',
    );
    expect(invited.err).toBe('');
    expect(invited.out).toMatch(
      /^Invited ana@example\.com \(.+\): Support agent for skyfares\.com, invited; the link works until 20/,
    );

    // The link as the invitee gets it: the email kept in the engine's outbox.
    const { rows } = await sql.query<{ text_body: string }>(
      `SELECT text_body FROM email_outbox WHERE kind = 'staff-invitation' AND to_address = 'ana@example.com'`,
    );
    const token = /#token=([\w-]{43})/.exec(rows[0]?.text_body ?? '')?.[1];
    const accepted = await fetch(`${engine.url}/api/staff/invitations/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, username: 'ana', password: STAFF_PASSWORD, firstName: 'Ana', lastName: 'Lopez' }),
    });
    expect(accepted.status).toBe(201);

    const list = JSON.parse((await at('staff', 'list', '--json')).out) as StaffMember[];
    anaId = list.find((member) => member.username === 'ana')!.id;
    const table = (await at('staff', 'list')).out;
    expect(table).toMatch(/USERNAME\s+EMAIL\s+ROLE\s+BRANDS\s+STATUS/);
    expect(table).toMatch(/ana\s+ana@example\.com\s+Support agent\s+skyfares\.com\s+active/);

    const changed = await at(
      'staff',
      'role',
      anaId,
      '--role',
      'brand-admin',
      '--brand',
      'skyfares.com',
      '--reason',
      'leads the desk',
    );
    expect(changed.out).toBe(`Now ana (${anaId}): Brand admin for skyfares.com, active.\n`);

    const unconfirmed = await at('staff', 'revoke', anaId, '--reason', 'left the company');
    expect(unconfirmed).toMatchObject({ code: 2 });
    expect(unconfirmed.err).toContain('revoking access needs a confirmation');
    const revoked = await at('staff', 'revoke', anaId, '--reason', 'left the company', '--yes');
    expect(revoked.out).toBe(`Revoked: ana (${anaId}): Brand admin for skyfares.com, revoked.\n`);

    const history = JSON.parse((await at('staff', 'history', anaId, '--json')).out) as StaffChange[];
    expect(history.map(({ type, by, reason }) => [type, by, reason])).toEqual([
      ['invited', 'root', 'joins the desk'],
      ['accepted', 'ana', 'Accepted the invitation'],
      ['role-changed', 'root', 'leads the desk'],
      ['revoked', 'root', 'left the company'],
    ]);
    const text = (await at('staff', 'history')).out;
    expect(text).toMatch(/WHEN \(UTC\)\s+WHO\s+CHANGE\s+BY\s+WHY/);
    expect(text).toContain('access revoked');
  });

  it('says what is wrong with a role, a reason, or a grant the engine refuses', async () => {
    const role = await at('staff', 'invite', 'x@example.com', '--role', 'king', '--reason', 'because');
    expect(role).toMatchObject({ code: 2 });
    expect(role.err).toContain('--role must be one of: platform-admin, brand-admin, support-agent, auditor');
    const brands = await at('staff', 'invite', 'x@example.com', '--role', 'auditor', '--reason', 'yearly audit');
    expect(brands.code).not.toBe(0);
    expect(brands.err).toContain('Choose at least one brand for this role');
    const missing = await at('staff', 'revoke', 'nobody', '--reason', 'typo check', '--yes');
    expect(missing.err).toContain('No such member of staff');
  });

  it('asks before revoking in a terminal, and changes nothing when declined', async () => {
    const invited = await at(
      'staff',
      'invite',
      'bo@example.com',
      '--role',
      'auditor',
      '--brand',
      'skyfares.com',
      '--reason',
      'yearly audit',
      '--json',
    );
    const { id } = JSON.parse(invited.out) as StaffMember;
    const stdin = new FakeStdin();
    const terminal = new FakeStdout();
    const tty = await cliHarness({
      interactive: true,
      stdin: stdin as unknown as NodeJS.ReadStream,
      terminal: terminal as unknown as NodeJS.WriteStream,
      configDir: harness.configDir,
    });
    try {
      const declined = tty.cli('--url', engine.url, 'staff', 'revoke', id, '--reason', 'not needed');
      await vi.waitFor(() => expect(stdin.listenerCount('readable')).toBeGreaterThan(0), { timeout: scaled(5_000) });
      await type(stdin, 'n');
      expect(await declined).toMatchObject({ code: 1, err: 'Cancelled: nothing was changed.\n' });
      expect(plain(terminal.output)).toContain(`Revoke the access of ${id}? Their sessions end at once.`);
      const list = JSON.parse((await at('staff', 'list', '--json')).out) as StaffMember[];
      expect(list.find((member) => member.id === id)?.status).toBe('invited');
    } finally {
      await tty.cleanup();
    }
  });
});
