import { EmailOutbox } from '../email/outbox.js';
import { priceDropEmail } from './emails.js';
import type { PriceTrackingDeps } from './deps.js';
import type { PriceTrackingEventOf } from './events.js';
import { alertLinks, oneClickHeaders } from './links.js';
import type { PriceTrackingStore, TrackingRow } from './store.js';

type Checked = Pick<
  PriceTrackingEventOf<'TrackedPriceChecked'>['data'],
  'checkKey' | 'cheapestMinor' | 'currency' | 'baselineMinor' | 'departureDate'
>;

/** A check that found a drop, and the alert it belongs to. */
export interface RecordedDrop {
  tracking: TrackingRow;
  check: Checked;
}

/** One email per alert and check, whoever writes it first. */
export const dropEmailKey = (trackingId: string, checkKey: string) => `price-drop:${trackingId}:${checkKey}`;

async function recipientOf(deps: PriceTrackingDeps, store: PriceTrackingStore, tracking: TrackingRow) {
  if (tracking.customerId) return (await deps.accounts.users.findById(tracking.customerId))?.email;
  return store.contactOf(tracking.trackingId);
}

async function sendDrop(deps: PriceTrackingDeps, store: PriceTrackingStore, outbox: EmailOutbox, drop: RecordedDrop) {
  const { tracking, check } = drop;
  const { cheapestMinor, baselineMinor, currency } = check;
  if (cheapestMinor === null || baselineMinor === null || currency === null) return;
  const to = await recipientOf(deps, store, tracking);
  if (!to) return; // Unsubscribed or erased since: nobody to write to.
  const brand = await deps.brands.find(tracking.brandKey);
  const links = alertLinks(deps.baseUrl(), deps.linkKey, tracking);
  const email = priceDropEmail({
    search: tracking.search,
    drop: tracking.drop,
    oldMinor: baselineMinor,
    newMinor: cheapestMinor,
    currency,
    departureDate: check.departureDate,
    searchUrl: links.search(check.departureDate),
    unsubscribeUrl: links.unsubscribe,
    brandName: brand?.name ?? 'Contrail',
  });
  const headers = oneClickHeaders(links.unsubscribe);
  const message = await outbox.keepOnce({
    key: dropEmailKey(tracking.trackingId, check.checkKey),
    brandKey: tracking.brandKey,
    kind: 'price-drop',
    to,
    ...email,
    headers,
  });
  if (deps.mailer.transport === 'smtp' && !message.sentAt) {
    await deps.mailer.send({ to, subject: message.subject, html: message.html, text: message.text, headers });
    await outbox.markSent(message.id, deps.clock.now());
  }
}

/** The drops just recorded, and any recorded before whose email is not in the outbox (a run that ended between). */
export async function sendOwedDropEmails(
  deps: PriceTrackingDeps,
  store: PriceTrackingStore,
  justRecorded: readonly RecordedDrop[],
): Promise<void> {
  const outbox = new EmailOutbox(deps.sql);
  const owed = new Map(justRecorded.map((drop) => [dropEmailKey(drop.tracking.trackingId, drop.check.checkKey), drop]));
  for (const check of await store.owedEmails()) {
    const key = dropEmailKey(check.trackingId, check.checkKey);
    if (owed.has(key)) continue;
    const tracking = await store.find(check.trackingId);
    if (tracking && tracking.status === 'active') owed.set(key, { tracking, check });
  }
  for (const drop of owed.values()) {
    try {
      await sendDrop(deps, store, outbox, drop);
    } catch (error) {
      deps.logger.warn({ err: error, trackingId: drop.tracking.trackingId }, 'price drop email not sent yet');
    }
  }
}
