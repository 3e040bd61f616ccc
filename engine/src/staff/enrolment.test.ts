import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../app.js';
import type { SqlClient } from '../storage/sql.js';
import { testDeps } from '../test-support/app.js';
import { sqlBackends } from '../test-support/sql.js';
import { StaffService } from './staff-service.js';

describe.each(sqlBackends())('enrolling the admins that predate staff accounts ($name)', (backend) => {
  let sql: SqlClient;
  let deps: AppDeps;

  beforeAll(async () => {
    sql = await backend.open();
    deps = testDeps(sql);
    const base = { password: 'a-Password-1!', firstName: 'A', lastName: 'B' };
    await deps.accounts.register(
      'default',
      { ...base, username: 'root', email: 'r@example.com' },
      { isAdmin: true, isPlatformAdmin: true },
    );
    await deps.accounts.register('skyhop', { ...base, username: 'skyboss', email: 's@example.com' }, { isAdmin: true });
    await deps.accounts.register('skyhop', { ...base, username: 'traveller', email: 't@example.com' });
  });
  afterAll(async () => {
    await sql.close();
  });

  it('records each flagged admin once, with the role their flags gave them, and keeps their access', async () => {
    const service = new StaffService(deps);
    expect(await service.enrolFlaggedAdmins()).toBe(2);
    expect(await service.enrolFlaggedAdmins()).toBe(0);
    const staff = await service.directory.list();
    expect(staff.map(({ username, role, brands, status }) => ({ username, role, brands, status }))).toEqual(
      expect.arrayContaining([
        { username: 'root', role: 'platform-admin', brands: [], status: 'active' },
        { username: 'skyboss', role: 'brand-admin', brands: ['skyhop'], status: 'active' },
      ]),
    );
    expect(staff).toHaveLength(2);
    const history = await service.history(staff.map((member) => member.id));
    expect(history.map(({ type, by }) => ({ type, by }))).toEqual([
      { type: 'enrolled', by: 'system' },
      { type: 'enrolled', by: 'system' },
    ]);
    const skyboss = await deps.accounts.users.findByUsername('skyhop', 'skyboss');
    expect(skyboss?.staff).toEqual({ role: 'brand-admin', brands: ['skyhop'] });
    expect((await deps.accounts.users.findByUsername('skyhop', 'traveller'))?.staff).toBeUndefined();
  });
});
