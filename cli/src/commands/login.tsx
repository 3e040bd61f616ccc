import { authAnswerSchema, type SignedInAnswer } from '@contrail/shared/accounts/schemas';
import { loginAnswerSchema, needsSecondStep, type LoginAnswer } from '@contrail/shared/accounts/two-factor';
import { BRAND_KEY_PATTERN } from '@contrail/shared/brand/brand-key';
import { CliError, InputError } from '../errors.js';
import type { CommandContext } from '../context.js';
import { mergeCookies } from '../engine/cookies.js';
import { EngineError } from '../engine/client.js';
import { print } from '../io.js';
import { ask } from '../ui/ask.js';
import { LoginPrompt, type Credentials } from '../ui/LoginPrompt.js';
import { secondStep } from './second-step.js';

export interface LoginOptions {
  username?: string;
  password?: string;
  /** The code from the authenticator app (or a recovery code), for scripts. */
  code?: string;
  /** The brand a brand's staff account belongs to (absent: the platform's default brand). */
  brand?: string;
}

async function credentials(ctx: CommandContext, options: LoginOptions): Promise<Credentials> {
  const username = options.username;
  const password = options.password ?? ctx.io.env.CONTRAIL_PASSWORD;
  if (username && password) return { username, password };
  if (!ctx.io.interactive) {
    throw new InputError(
      'a username and password are needed: pass --username and --password (or set CONTRAIL_PASSWORD), or run contrail login in a terminal',
    );
  }
  return ask<Credentials>(ctx.io, (answer, cancel) => (
    <LoginPrompt url={ctx.url} username={username} onSubmit={answer} onCancel={cancel} />
  ));
}

/** contrail login: signs in and keeps the session cookie for this engine URL. */
export async function login(ctx: CommandContext, options: LoginOptions): Promise<void> {
  const brand = options.brand?.trim().toLowerCase() || undefined;
  if (brand !== undefined && !BRAND_KEY_PATTERN.test(brand))
    throw new InputError(`--brand: "${options.brand}" is not a brand key (like skyfares.com)`);
  const { username, password } = await credentials(ctx, options);
  // A new sign-in starts from no cookie at all, never from a previous session.
  await ctx.sessions.remove(ctx.url);
  let answer: { data: LoginAnswer; setCookies: string[] };
  try {
    answer = await ctx.client.send('POST', '/api/auth/login', {
      body: { username, password },
      action: 'contrail login',
      schema: loginAnswerSchema,
      ...(brand && { brand }),
    });
  } catch (error) {
    if (error instanceof EngineError && (error.status === 401 || error.status === 429)) {
      throw new CliError(`Login failed: ${error.body.message ?? 'Invalid username or password'}`);
    }
    throw error;
  }
  const signedIn = needsSecondStep(answer.data)
    ? await secondStep(ctx, answer.data, { username, ...(brand && { brand }) }, answer.setCookies, options.code)
    : { data: answer.data, cookie: mergeCookies('', answer.setCookies) };
  const cookie = signedIn.cookie;
  if (!cookie) throw new CliError('Login failed: the engine did not start a session');
  const { user }: SignedInAnswer = signedIn.data;
  await ctx.sessions.save(ctx.url, {
    cookie,
    username: user.username,
    ...(brand && { brand }),
    savedAt: new Date().toISOString(),
  });
  const on = brand ? ` on the brand ${brand}` : '';
  print(ctx.io, `Signed in to ${ctx.url}${on} as ${user.username}${user.isAdmin ? ' (admin)' : ''}.`);
  if (!user.isAdmin) print(ctx.io, 'This account is not an admin: the engine will refuse admin commands.');
}

/** contrail logout: ends the session on the engine and forgets it here. */
export async function logout(ctx: CommandContext): Promise<void> {
  if (!(await ctx.sessions.get(ctx.url))) {
    print(ctx.io, `Not signed in to ${ctx.url}.`);
    return;
  }
  try {
    await ctx.client.call('POST', '/api/auth/logout', { action: 'contrail logout', schema: authAnswerSchema });
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    ctx.io.stderr.write(`Warning: ${error.message}\nThe session is forgotten here anyway.\n`);
  }
  await ctx.sessions.remove(ctx.url);
  print(ctx.io, `Signed out of ${ctx.url}.`);
}
