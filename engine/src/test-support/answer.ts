import { z } from 'zod';

/**
 * A response body read through its contract from `@contrail/shared`: the parsed answer, or a
 * failure naming every field that breaks the contract (so an engine answer that drifts from what
 * the storefront and the CLI parse fails the engine's own tests). Classic and mini schemas alike
 * (the offer contracts are zod/mini, issue 38).
 */
export function answerOf<S extends z.core.$ZodType>(
  schema: S,
  response: { status: number; body: unknown },
): z.output<S> {
  const parsed = z.safeParse(schema, response.body);
  if (!parsed.success) {
    throw new Error(`The answer (HTTP ${response.status}) breaks its contract:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
