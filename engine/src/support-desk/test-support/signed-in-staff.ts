import type { StaffRole } from '@contrail/shared/staff/roles';
import type { BookingHarness } from '../../bookings/test-support/booking-harness.js';
import { addStaff, STAFF_PASSWORD } from '../../staff/test-support/staff-users.js';

type Agent = ReturnType<BookingHarness['agent']>;

/**
 * Staff of the harness's engine, each signed in on its brand, by username: the platform admin
 * `root` is registered first, then every member invited, then each signs in.
 */
export async function signedInStaff(
  harness: BookingHarness,
  members: Array<{ username: string; role: StaffRole; brand: string }>,
): Promise<Map<string, Agent>> {
  await harness.deps.accounts.register(
    'default',
    { username: 'root', password: 'a-Password-1!', email: 'root@example.com', firstName: 'Root', lastName: 'Admin' },
    { isAdmin: true, isPlatformAdmin: true },
  );
  for (const { username, role, brand } of members) await addStaff(harness.deps, { username, role, brands: [brand] });
  const staff = new Map<string, Agent>();
  for (const { username, brand } of members) {
    const agent = harness.agent();
    await agent
      .post('/api/auth/login')
      .set('X-Brand-Key', brand)
      .send({ username, password: STAFF_PASSWORD })
      .expect(200);
    staff.set(username, agent);
  }
  return staff;
}
