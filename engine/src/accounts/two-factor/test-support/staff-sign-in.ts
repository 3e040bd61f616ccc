import { totpCodeAt } from '../totp.js';

type Cookies = Map<string, string>;

function keep(cookies: Cookies, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0]!;
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

const header = (cookies: Cookies) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function post(url: string, cookies: Cookies, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: header(cookies) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  keep(cookies, response);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Signs a new staff member in to the engine at `url` as a person would the first time: the
 * password, then two-factor enrolment (staff must have it) with a code of the real clock.
 * Answers the Cookie header of the signed-in session.
 */
export async function signInNewStaff(url: string, credentials: { username: string; password: string }) {
  const cookies: Cookies = new Map();
  const answer = await post(`${url}/api/auth/login`, cookies, credentials);
  if (answer.twoFactor === undefined) return header(cookies);
  if (answer.twoFactor !== 'enrol') throw new Error(`${credentials.username} has two-factor authentication already`);
  const { secret } = (await post(`${url}/api/auth/login/two-factor/enrol`, cookies, {})) as { secret: string };
  await post(`${url}/api/auth/login/two-factor/confirm`, cookies, { code: totpCodeAt(secret, new Date()) });
  return header(cookies);
}
