import { WEBHOOK_EVENT_LABELS } from '@contrail/shared/webhooks/webhooks';
import { plainEmail, type Email } from '../email/plain-email.js';
import type { DueAlert } from './email-alerts.js';

/** The outbox kind of an alert: one message per event and subscriber. */
export const alertKind = (alert: DueAlert) => `alert:${alert.type}:${alert.eventId}:${alert.userId}`;

/** A staff alert: the event, the booking's reference and brand, and where to look; no traveller's data. */
export function alertEmail(alert: DueAlert, brandName: string, supportUrl: string): Email {
  const reference = alert.reference ?? alert.bookingId;
  const label = WEBHOOK_EVENT_LABELS[alert.type];
  return plainEmail(`${label}: ${reference} (${brandName})`, [
    `${label} (${alert.type})`,
    '',
    `Booking: ${reference}`,
    `Brand: ${brandName}`,
    '',
    `Look it up in the admin support page: ${supportUrl}`,
    '',
    'You receive this because you chose email alerts for this event in Contrail admin settings.',
  ]);
}
