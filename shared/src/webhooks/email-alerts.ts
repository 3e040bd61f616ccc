import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './webhooks.js';

/**
 * Email alerts (GET/PUT /api/admin/email-alerts): a staff member has their own account's email
 * sent the same events webhooks send, for one brand they can see, or for all of them (`brand`
 * null: every brand they can see; the whole platform for a platform admin). No events: no alerts.
 */
export const saveEmailAlertsSchema = z.object({
  brand: z.string().trim().min(1).max(253).nullable(),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .max(WEBHOOK_EVENT_TYPES.length * 2)
    .transform((events) => [...new Set(events)]),
});
export type SaveEmailAlerts = z.input<typeof saveEmailAlertsSchema>;

export const emailAlertSettingsSchema = z.object({
  /** Where the alerts go: the signed-in account's email. */
  email: z.string(),
  brand: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
});
export type EmailAlertSettings = z.infer<typeof emailAlertSettingsSchema>;
