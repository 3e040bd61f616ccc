/// <reference types="node" />
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { totpCode } from './totp-code';
import type { APIRequestContext } from 'playwright-core';
import { scaled } from '@contrail/shared/test-support/time-scale';

const STEP_MS = 30_000;
/** The admin's TOTP secret once enrolled, kept with the engine's data (not in a module: files share no state). */
const SECRET_FILE = 'e2e-admin-totp-secret';

async function posted(request: APIRequestContext, url: string, data: object = {}): Promise<Record<string, unknown>> {
  // Password hashing is slow on purpose, and slower on a busy machine.
  const answer = await request.post(url, { data, timeout: scaled(30_000) });
  if (!answer.ok()) throw new Error(`POST ${url} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as Record<string, unknown>;
}

/**
 * Signs the admin the engine created on first start in through `request` (a page's, so the page is
 * signed in too): the password, then two-factor enrolment the first time (staff must have it) or a
 * code from the kept secret afterwards.
 */
export async function signInFirstAdmin(request: APIRequestContext, baseUrl: string, dataDir: string): Promise<void> {
  const password = readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim();
  const answer = await posted(request, `${baseUrl}/api/auth/login`, { username: 'admin', password });
  if (answer.twoFactor === 'enrol') {
    const { secret } = (await posted(request, `${baseUrl}/api/auth/login/two-factor/enrol`)) as { secret: string };
    writeFileSync(path.join(dataDir, SECRET_FILE), secret, { mode: 0o600 });
    await posted(request, `${baseUrl}/api/auth/login/two-factor/confirm`, { code: totpCode(secret, new Date()) });
  } else if (answer.twoFactor === 'code') {
    const secret = readFileSync(path.join(dataDir, SECRET_FILE), 'utf8');
    // The next step's code (within the allowed drift): the current one may be spent already.
    await posted(request, `${baseUrl}/api/auth/login/two-factor`, {
      code: totpCode(secret, new Date(Date.now() + STEP_MS)),
    });
  }
}
