import type { BrandDirectory } from '../brands/brand-directory.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logging/logger.js';
import type { SqlExecutor } from '../storage/sql.js';
import type { Mailer } from '../email/mailer.js';
import { EmailOutbox } from '../email/outbox.js';
import { plainEmail } from '../email/plain-email.js';
import type { User } from './users.js';

export const REGISTRATION_ATTEMPT_SUBJECT = 'Someone tried to register with your email address';

export function registrationAttemptEmail(owner: Pick<User, 'firstName' | 'username'>, brandName: string) {
  const lines = [
    `Hello ${owner.firstName},`,
    '',
    `Someone tried to create a new account on ${brandName} with your email address.`,
    'You already have an account, so no new account was made and nothing about yours changed.',
    '',
    `If it was you: sign in with your username, ${owner.username}, instead.`,
    'If it was not you: you do not need to do anything.',
    '',
    brandName,
  ];
  return plainEmail(REGISTRATION_ATTEMPT_SUBJECT, lines);
}

export type RegistrationNotice = (owner: User) => Promise<void>;

/**
 * Tells an account's owner that someone tried to register with their email: the registration
 * itself answers like a success, so only the owner learns of it. Kept in the outbox, sent by SMTP
 * when configured; a failure is logged, never shown to whoever registered.
 */
export function registrationNotice(deps: {
  sql: SqlExecutor;
  mailer: Mailer;
  brands: BrandDirectory;
  clock: Clock;
  logger: Logger;
}): RegistrationNotice {
  const outbox = new EmailOutbox(deps.sql);
  return async (owner) => {
    try {
      const brand = await deps.brands.find(owner.brandKey);
      const email = registrationAttemptEmail(owner, brand?.name ?? 'Contrail');
      const message = await outbox.keepForAccount({
        brandKey: owner.brandKey,
        kind: 'registration-attempt',
        to: owner.email,
        ...email,
      });
      if (deps.mailer.transport === 'smtp') {
        await deps.mailer.send({ to: owner.email, ...email });
        await outbox.markSent(message.id, deps.clock.now());
      }
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not tell an account owner about a registration attempt');
    }
  };
}
