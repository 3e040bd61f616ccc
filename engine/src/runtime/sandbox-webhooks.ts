import type { DuffelSandbox } from '@contrail/sandboxes';
import type { BookingDeps } from '../bookings/deps.js';
import { receiveDuffelWebhook } from '../bookings/schedule-changes/webhook-receiver.js';

/**
 * The mounted Duffel sandbox delivers its webhooks to this engine's receiver, in-process and signed
 * with the engine's webhook secret, as Duffel would post them to POST /api/duffel/webhooks.
 */
export function connectSandboxWebhooks(sandbox: DuffelSandbox, deps: BookingDeps): void {
  sandbox.airlineChanges.webhookTarget = {
    secret: deps.duffelWebhookSecret,
    deliver: async (body, signature) => (await receiveDuffelWebhook(deps, Buffer.from(body), signature)).status,
  };
}
