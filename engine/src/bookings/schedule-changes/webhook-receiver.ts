import { AIRLINE_CHANGE_WEBHOOK_EVENT } from '@contrail/shared/booking/schedule-change';
import type { BookingDeps } from '../deps.js';
import { Refusal } from '../domain/refusals.js';
import { checkDuffelSignature } from './duffel-signature.js';
import { syncAirlineChanges } from './sync-changes.js';

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; message: string; recorded?: number };
}

/** The booking an order belongs to: the read model's, else the booking id the order carries in its metadata. */
async function bookingOfOrder(deps: BookingDeps, orderId: string): Promise<string | undefined> {
  const { rows } = await deps.sql.query<{ booking_id: string }>(
    'SELECT booking_id FROM booking_views WHERE order_id = $1 LIMIT 1',
    [orderId],
  );
  if (rows[0]) return rows[0].booking_id;
  const order = await deps.flights.getOrder(orderId).catch(() => undefined);
  return order?.metadata.booking_id;
}

function orderIdOf(body: unknown): { type: string; eventId: string; orderId: string } | undefined {
  const event = body as { id?: unknown; type?: unknown; data?: { object?: { order_id?: unknown } } } | null;
  const orderId = event?.data?.object?.order_id;
  if (typeof event?.type !== 'string' || typeof event.id !== 'string' || typeof orderId !== 'string') return undefined;
  return { type: event.type, eventId: event.id, orderId };
}

/**
 * POST /api/duffel/webhooks: Duffel's events, signature first (a bad one is a 401 and changes
 * nothing). An airline-initiated change is recorded from the provider's list of the order's
 * changes, not from the event itself, so repeats and deliveries out of order all converge.
 */
export async function receiveDuffelWebhook(
  deps: BookingDeps,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  if (!rawBody) return { status: 400, body: { received: false, message: 'A JSON body is required' } };
  const check = checkDuffelSignature(deps.duffelWebhookSecret, rawBody, signature, deps.clock.now());
  if (!check.ok) return { status: 401, body: { received: false, message: check.reason } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { status: 400, body: { received: false, message: 'The body is not JSON' } };
  }
  const event = orderIdOf(parsed);
  if (!event) return { status: 400, body: { received: false, message: 'Not a Duffel event about an order' } };
  if (event.type !== AIRLINE_CHANGE_WEBHOOK_EVENT) return { status: 200, body: { received: true, message: 'Ignored' } };
  const bookingId = await bookingOfOrder(deps, event.orderId);
  if (!bookingId) return { status: 200, body: { received: true, message: 'No booking has this order' } };
  const context = {
    correlationId: event.eventId.slice(0, 100),
    actor: 'duffel-webhook',
    brand: await brandOf(deps, bookingId),
  };
  try {
    const recorded = await syncAirlineChanges(deps, bookingId, event.orderId, context);
    return { status: 200, body: { received: true, message: 'Recorded', recorded } };
  } catch (error) {
    // The booking takes no change now (not confirmed yet, cancelled...): received, nothing to record.
    if (error instanceof Refusal) return { status: 200, body: { received: true, message: error.message } };
    throw error;
  }
}

async function brandOf(deps: BookingDeps, bookingId: string): Promise<string> {
  const { rows } = await deps.sql.query<{ brand_key: string }>(
    'SELECT brand_key FROM booking_views WHERE booking_id = $1',
    [bookingId],
  );
  return rows[0]?.brand_key ?? 'default';
}
