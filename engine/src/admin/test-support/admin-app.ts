import type { Express } from 'express';
import request from 'supertest';
import { createApp, type AppDeps } from '../../app.js';
import type { Config } from '../../config.js';
import type { SqlClient } from '../../storage/sql.js';
import { testDeps } from '../../test-support/app.js';
import { ensureBrand } from '../../test-support/brands.js';

export const TEST_PASSWORD = 'a-Password-1!';

/** Who signs in where: a traveller, an admin of the default brand, an admin of another brand, a platform admin. */
export const TEST_USERS = {
  traveller: { brand: 'default', isAdmin: false, isPlatformAdmin: false },
  brandadmin: { brand: 'default', isAdmin: true, isPlatformAdmin: false },
  skyadmin: { brand: 'skyfares.com', isAdmin: true, isPlatformAdmin: false },
  root: { brand: 'default', isAdmin: true, isPlatformAdmin: true },
} as const;
export type TestUser = keyof typeof TEST_USERS;

/** Both providers configured, so live mode is allowed. */
export const PROVIDERS_CONFIGURED: Partial<Config> = {
  duffel: { accessToken: 'duffel_test_x', apiUrl: undefined },
  stripe: { secretKey: 'sk_test_x' },
};

export interface AdminTestApp {
  app: Express;
  deps: AppDeps;
  /** The session cookie header of a signed-in test user. */
  cookie(user: TestUser): Promise<string>;
}

/** The real app over `sql` with the test users registered. */
export async function adminTestApp(
  sql: SqlClient,
  overrides: Parameters<typeof testDeps>[1] = {},
): Promise<AdminTestApp> {
  const deps = testDeps(sql, overrides);
  const { accounts } = deps;
  for (const [username, user] of Object.entries(TEST_USERS)) {
    await accounts.register(
      user.brand,
      { username, password: TEST_PASSWORD, email: `${username}@example.com`, firstName: username, lastName: 'Test' },
      { isAdmin: user.isAdmin, isPlatformAdmin: user.isPlatformAdmin },
    );
  }
  const app = createApp(deps);
  const cookies = new Map<TestUser, string>();
  return {
    app,
    deps,
    async cookie(user) {
      const known = cookies.get(user);
      if (known) return known;
      await ensureBrand(sql, TEST_USERS[user].brand);
      const response = await request(app)
        .post('/api/auth/login')
        .set('X-Brand-Key', TEST_USERS[user].brand)
        .send({ username: user, password: TEST_PASSWORD })
        .expect(200);
      const cookie = (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
      cookies.set(user, cookie);
      return cookie;
    },
  };
}
