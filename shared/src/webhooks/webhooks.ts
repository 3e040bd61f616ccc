import { z } from 'zod';

/**
 * Webhooks (GET/POST /api/admin/webhooks, the admin Webhooks page): a brand or the platform
 * subscribes an HTTPS endpoint to these events. `schedule_change.detected` is sent when an
 * airline changes a booked trip's flights (issue #36).
 */
export const WEBHOOK_EVENT_TYPES = [
  'booking.confirmed',
  'booking.failed',
  'booking.cancelled',
  'refund.issued',
  'reconciliation.mismatch',
  'schedule_change.detected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'booking.confirmed': 'Booking confirmed',
  'booking.failed': 'Booking failed',
  'booking.cancelled': 'Booking cancelled',
  'refund.issued': 'Refund issued',
  'reconciliation.mismatch': 'Reconciliation mismatch repaired',
  'schedule_change.detected': 'Schedule change detected',
};

/** The headers of every delivery; the signature is `v1=` + hex HMAC-SHA-256 of `${timestamp}.${body}`. */
export const WEBHOOK_HEADERS = {
  id: 'Contrail-Webhook-Id',
  timestamp: 'Contrail-Webhook-Timestamp',
  signature: 'Contrail-Webhook-Signature',
} as const;

/** What an endpoint receives: `id` is the event's id, the same on every repeat of a delivery. */
export interface WebhookBody {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  brand: string;
  data: Record<string, string | number | null>;
}

export const createWebhookEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2_000)
    .pipe(z.url({ message: 'Enter a full URL, like https://example.com/hooks' })),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, 'Choose at least one event')
    .transform((events) => [...new Set(events)]),
  /** The brand whose events it receives; absent: every brand's (platform admins only). */
  brand: z.string().trim().min(1).max(253).optional(),
  description: z.string().trim().max(200).default(''),
});
export type CreateWebhookEndpoint = z.input<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.object({ enabled: z.boolean() });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  brand: z.string().nullable(),
  description: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
