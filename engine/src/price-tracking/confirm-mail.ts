import { EmailOutbox } from '../email/outbox.js';
import type { PriceTrackingDeps } from './deps.js';
import { confirmTrackingEmail } from './emails.js';
import { alertLinks } from './links.js';
import type { PriceTrackingStore, TrackingRow } from './store.js';

export const confirmEmailKey = (trackingId: string) => `price-tracking-confirm:${trackingId}`;

/** The double opt-in's email, once per alert (kept in the outbox by key), then through SMTP when configured. */
export async function sendConfirmation(
  deps: PriceTrackingDeps,
  alert: Pick<TrackingRow, 'trackingId' | 'brandKey' | 'search'>,
  to: string,
  baseUrl: string,
): Promise<void> {
  const outbox = new EmailOutbox(deps.sql);
  const brand = await deps.brands.find(alert.brandKey);
  const links = alertLinks(baseUrl, deps.linkKey, alert);
  const email = confirmTrackingEmail({
    search: alert.search,
    confirmUrl: links.confirm,
    brandName: brand?.name ?? 'Contrail',
  });
  const message = await outbox.keepOnce({
    key: confirmEmailKey(alert.trackingId),
    brandKey: alert.brandKey,
    kind: 'price-tracking-confirm',
    to,
    ...email,
  });
  if (deps.mailer.transport === 'smtp' && !message.sentAt) {
    await deps.mailer.send({ to, subject: message.subject, html: message.html, text: message.text });
    await outbox.markSent(message.id, deps.clock.now());
  }
}

/** Alerts recorded as pending whose confirmation is not in the outbox (the request ended between the two). */
export async function sendOwedConfirmations(deps: PriceTrackingDeps, store: PriceTrackingStore): Promise<void> {
  // A minute's grace: the request that recorded the alert is writing its email now.
  const startedBefore = new Date(deps.clock.now().getTime() - 60_000);
  for (const alert of await store.owedConfirmations(startedBefore)) {
    const to = await store.contactOf(alert.trackingId);
    if (!to) continue;
    try {
      await sendConfirmation(deps, alert, to, deps.baseUrl());
    } catch (error) {
      deps.logger.warn({ err: error, trackingId: alert.trackingId }, 'price alert confirmation not sent yet');
    }
  }
}
