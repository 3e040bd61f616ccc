import { signedInAnswerSchema, type SignedInAnswer } from '@contrail/shared/accounts/schemas';
import { twoFactorMessages, type SecondStepNeeded } from '@contrail/shared/accounts/two-factor';
import type { CommandContext } from '../context.js';
import { mergeCookies } from '../engine/cookies.js';
import { EngineError } from '../engine/client.js';
import { CliError, InputError } from '../errors.js';
import { ask } from '../ui/ask.js';
import { CodePrompt } from '../ui/CodePrompt.js';

async function codeFor(ctx: CommandContext, username: string, given: string | undefined): Promise<string> {
  if (given) return given;
  if (!ctx.io.interactive) {
    throw new InputError(
      'this account signs in with a code from an authenticator app: pass --code (or run contrail login in a terminal)',
    );
  }
  return ask<string>(ctx.io, (answer, cancel) => (
    <CodePrompt username={username} onSubmit={answer} onCancel={cancel} />
  ));
}

/**
 * The second step of `contrail login` after a right password: the code (from --code or a prompt)
 * is sent with the pending sign-in's cookie; only an accepted code leaves a session behind.
 */
export async function secondStep(
  ctx: CommandContext,
  step: SecondStepNeeded,
  who: { username: string; brand?: string },
  pendingCookies: string[],
  given: string | undefined,
): Promise<{ data: SignedInAnswer; cookie: string }> {
  if (step.twoFactor === 'enrol') {
    throw new CliError(
      `Login failed: ${twoFactorMessages.enrolmentRequiredAtSignIn} Sign in at ${ctx.url}/login to set it up, then run contrail login again.`,
    );
  }
  const pending = mergeCookies('', pendingCookies);
  if (!pending) throw new CliError('Login failed: the engine did not start a sign-in');
  const code = await codeFor(ctx, who.username, given);
  // The client sends the kept cookie: the pending sign-in's, for this one call.
  await ctx.sessions.save(ctx.url, { cookie: pending, ...who, savedAt: new Date().toISOString() });
  try {
    const answer = await ctx.client.send('POST', '/api/auth/login/two-factor', {
      body: { code },
      action: 'contrail login',
      schema: signedInAnswerSchema,
    });
    const cookie = mergeCookies(pending, answer.setCookies);
    if (!cookie) throw new CliError('Login failed: the engine did not start a session');
    return { data: answer.data, cookie };
  } catch (error) {
    await ctx.sessions.remove(ctx.url);
    if (error instanceof EngineError && [400, 401, 429].includes(error.status)) {
      throw new CliError(`Login failed: ${error.body.message ?? twoFactorMessages.invalidCode}`);
    }
    throw error;
  }
}
