import { accessReasonSchema } from '@contrail/shared/support-desk/contracts';
import { InputError } from '../errors.js';

/** The reason given with --reason (for --reveal and erasure), checked as the engine checks it. */
export function parseReason(reason: string | undefined): string {
  const parsed = accessReasonSchema.safeParse(reason ?? '');
  if (!parsed.success) throw new InputError(`--reason: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}
