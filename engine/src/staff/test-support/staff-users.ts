import type { StaffRole } from '@contrail/shared/staff/roles';
import type { AppDeps } from '../../app.js';
import { StaffService } from '../staff-service.js';
import { ensureBrand } from '../../test-support/brands.js';

export const STAFF_PASSWORD = 'a-Staff-Password-9!';

/** The token of the last invitation emailed to `email`, read from the outbox as the invitee would. */
export async function invitationTokenFor(deps: Pick<AppDeps, 'sql'>, email: string): Promise<string> {
  const { rows } = await deps.sql.query<{ text_body: string }>(
    `SELECT text_body FROM email_outbox WHERE kind = 'staff-invitation' AND lower(to_address) = lower($1)
     ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const token = /#token=([\w-]{43})/.exec(rows[0]?.text_body ?? '')?.[1];
  if (!token) throw new Error(`No invitation was emailed to ${email}`);
  return token;
}

/**
 * A member of staff made the real way: invited by the platform admin `root` (who must exist on the
 * default brand), the invitation read from the outbox and accepted. Signs in on its first brand.
 */
export async function addStaff(
  deps: AppDeps,
  member: { username: string; role: StaffRole; brands: string[] },
): Promise<{ staffId: string }> {
  for (const brand of member.brands) await ensureBrand(deps.sql, brand);
  const service = new StaffService(deps);
  const root = await deps.accounts.users.findByUsername('default', 'root');
  if (!root) throw new Error('addStaff needs the platform admin "root"');
  const email = `${member.username}@staff.example.com`;
  const invited = await service.invite(
    { email, role: member.role, brands: member.brands, reason: 'test staff' },
    {
      by: { userId: root.id, username: root.username },
      scope: { role: 'platform-admin', brands: [] },
      reason: 'test staff',
      context: { correlationId: 'test', actor: root.id, brand: 'default' },
    },
    'http://localhost',
  );
  const token = await invitationTokenFor(deps, email);
  await service.accept(
    { token, username: member.username, password: STAFF_PASSWORD, firstName: member.username, lastName: 'Staff' },
    { correlationId: 'test', brand: 'default' },
  );
  return { staffId: invited.id };
}
