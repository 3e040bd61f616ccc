import {
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  type CreateWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@contrail/shared/webhooks/webhooks';
import {
  emailAlertSettingsSchema,
  type EmailAlertSettings,
  type SaveEmailAlerts,
} from '@contrail/shared/webhooks/email-alerts';
import type { z } from 'zod';
import { api } from '../app/api';

const endpoint = (id: string) => `api/admin/webhooks/${encodeURIComponent(id)}`;

/**
 * /api/admin/webhooks (issue 32): endpoints, their secrets (answered only on create and rotate)
 * and delivery logs. After a change the page refetches what it shows. /api/admin/email-alerts:
 * the signed-in staff member's own email alerts.
 */
export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    webhookEndpoints: build.query<WebhookEndpoint[], void>({
      query: () => 'api/admin/webhooks',
      rawResponseSchema: webhookEndpointListSchema,
      transformResponse: (body: z.infer<typeof webhookEndpointListSchema>) => body.endpoints,
    }),
    createWebhookEndpoint: build.mutation<WebhookEndpointWithSecret, CreateWebhookEndpoint>({
      query: (body) => ({ url: 'api/admin/webhooks', method: 'POST', body }),
      rawResponseSchema: webhookEndpointWithSecretSchema,
    }),
    rotateWebhookSecret: build.mutation<WebhookEndpointWithSecret, string>({
      query: (id) => ({ url: `${endpoint(id)}/rotate-secret`, method: 'POST' }),
      rawResponseSchema: webhookEndpointWithSecretSchema,
    }),
    setWebhookEnabled: build.mutation<WebhookEndpoint, { id: string; enabled: boolean }>({
      query: ({ id, enabled }) => ({ url: endpoint(id), method: 'PATCH', body: { enabled } }),
      rawResponseSchema: webhookEndpointSchema,
    }),
    deleteWebhookEndpoint: build.mutation<null, string>({
      query: (id) => ({ url: endpoint(id), method: 'DELETE' }),
    }),
    webhookDeliveries: build.query<WebhookDelivery[], string>({
      query: (id) => `${endpoint(id)}/deliveries`,
      rawResponseSchema: webhookDeliveryListSchema,
      transformResponse: (body: z.infer<typeof webhookDeliveryListSchema>) => body.deliveries,
    }),
    sendWebhookAgain: build.mutation<unknown, { id: string; eventId: string }>({
      query: ({ id, eventId }) => ({
        url: `${endpoint(id)}/deliveries/${encodeURIComponent(eventId)}/send-again`,
        method: 'POST',
      }),
    }),
    emailAlerts: build.query<EmailAlertSettings, void>({
      query: () => 'api/admin/email-alerts',
      rawResponseSchema: emailAlertSettingsSchema,
    }),
    saveEmailAlerts: build.mutation<EmailAlertSettings, SaveEmailAlerts>({
      query: (body) => ({ url: 'api/admin/email-alerts', method: 'PUT', body }),
      rawResponseSchema: emailAlertSettingsSchema,
    }),
  }),
});

export const {
  useWebhookEndpointsQuery,
  useCreateWebhookEndpointMutation,
  useRotateWebhookSecretMutation,
  useSetWebhookEnabledMutation,
  useDeleteWebhookEndpointMutation,
  useWebhookDeliveriesQuery,
  useSendWebhookAgainMutation,
  useEmailAlertsQuery,
  useSaveEmailAlertsMutation,
} = webhooksApi;
