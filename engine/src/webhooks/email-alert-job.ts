import { can } from '@contrail/shared/staff/policy';
import { UserStore } from '../accounts/users.js';
import { BrandStore } from '../brands/brand-store.js';
import type { Clock } from '../clock.js';
import type { Mailer } from '../email/mailer.js';
import { EmailOutbox } from '../email/outbox.js';
import type { JobHandler } from '../jobs/job-queue.js';
import type { Logger } from '../logging/logger.js';
import type { SqlClient } from '../storage/sql.js';
import { alertEmail, alertKind } from './alert-email.js';
import { EmailAlerts, type DueAlert } from './email-alerts.js';

export interface EmailAlertDeps {
  sql: SqlClient;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** The admin's base URL, for the link in each alert. */
  baseUrl: () => string;
}

/** Alerts one run takes at most; the next run, seconds later, goes on. */
const BATCH = 100;
/** Long enough for one run to send its batch; after it, an alert a dead run took is due again. */
const LEASE_MS = 120_000;

async function sendOne(deps: EmailAlertDeps, alert: DueAlert): Promise<void> {
  const alerts = new EmailAlerts(deps.sql);
  const user = await new UserStore(deps.sql).findById(alert.userId);
  // Asked now, not when subscribed: a member whose role or brands changed gets only what they may see.
  if (!user || !can(user.staff, 'bookings.view', alert.brandKey)) return alerts.finish(alert, 'skipped');
  const brand = await new BrandStore(deps.sql).get(alert.brandKey);
  const email = alertEmail(alert, brand?.name ?? alert.brandKey, `${deps.baseUrl()}/admin/support`);
  const outbox = new EmailOutbox(deps.sql);
  // Kept once per event and subscriber: a repeat finds the same message, and sends it only if unsent.
  const message = await outbox.keep({
    bookingId: alert.bookingId,
    brandKey: alert.brandKey,
    kind: alertKind(alert),
    to: user.email,
    ...email,
  });
  if (deps.mailer.transport === 'smtp' && !message.sentAt) {
    await deps.mailer.send({ to: user.email, subject: message.subject, html: message.html, text: message.text });
    await outbox.markSent(message.id, deps.clock.now());
  }
  await alerts.finish(alert, 'sent');
}

/**
 * Sends the email alerts that are due, each through the outbox (and SMTP when configured). One
 * that fails stays leased and is sent again once its lease ends: at least once, and never twice
 * once the outbox has it marked sent.
 */
export async function sendDueEmailAlerts(deps: EmailAlertDeps): Promise<number> {
  const claimed = await new EmailAlerts(deps.sql).claim(BATCH, LEASE_MS);
  for (const alert of claimed) {
    await sendOne(deps, alert).catch((error: unknown) =>
      deps.logger.warn({ err: error, eventId: alert.eventId }, 'an email alert failed; retrying later'),
    );
  }
  return claimed.length;
}

/** The periodic send-email-alerts job. */
export function sendEmailAlertsHandler(deps: EmailAlertDeps): JobHandler<'send-email-alerts'> {
  return async () => {
    await sendDueEmailAlerts(deps);
  };
}
