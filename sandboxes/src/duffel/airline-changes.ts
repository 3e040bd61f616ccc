import { createHmac, randomBytes } from 'node:crypto';
import type { AirlineInitiatedChange, Order, OrderSlice } from '@duffel/api/types';
import { DuffelApiError } from './errors.js';

/**
 * Airline-initiated changes, as Duffel models them: the airline moves a booked order's flights;
 * the order then shows the new slices (`added`), the change keeps the old ones (`removed`) and
 * what may be done about it (`available_actions`) until an action is taken. Changes live on their
 * order (`airline_initiated_changes`), so they need no storage of their own.
 */

const AVAILABLE: AirlineInitiatedChange['available_actions'] = ['accept', 'cancel', 'change', 'update'];
const ID_SEPARATOR = '_';

/** Change ids carry their order's id, so accepting one finds its order in one read. */
export const airlineChangeId = (orderId: string, index: number) =>
  `aic_${orderId.slice('ord_'.length)}${ID_SEPARATOR}${index}`;

/** The order an airline change id belongs to, or undefined when it is not one of ours. */
export function orderIdOfChange(changeId: string): string | undefined {
  const match = /^aic_([0-9A-Za-z]+)_\d+$/.exec(changeId);
  return match ? `ord_${match[1]}` : undefined;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(11).toString('hex')}`;

/** A local airport time ("2026-12-20T18:05:00") moved by some minutes, still local. */
export function shiftLocal(local: string, minutes: number): string {
  const moved = new Date(Date.parse(`${local.slice(0, 19)}Z`) + minutes * 60_000);
  return moved.toISOString().slice(0, 19);
}

/** The slices the airline now flies: every flight moved by `minutes`, each slice and segment with a new id. */
export function shiftedSlices(slices: OrderSlice[], minutes: number): OrderSlice[] {
  return slices.map((slice) => ({
    ...slice,
    id: newId('sli'),
    segments: slice.segments.map((segment) => ({
      ...segment,
      id: newId('seg'),
      departing_at: shiftLocal(segment.departing_at, minutes),
      arriving_at: shiftLocal(segment.arriving_at, minutes),
    })),
  }));
}

const changesOf = (order: Order): AirlineInitiatedChange[] => order.airline_initiated_changes ?? [];

/** The airline moves the order's flights by `minutes` (a sandbox control): the order and the change it records. */
export function changeSchedule(
  order: Order,
  minutes: number,
  now: Date,
): { order: Order; change: AirlineInitiatedChange } {
  if (order.cancelled_at) throw notChangeable('The order is cancelled');
  const at = now.toISOString();
  const change: AirlineInitiatedChange = {
    id: airlineChangeId(order.id, changesOf(order).length + 1),
    order_id: order.id,
    removed: order.slices,
    added: shiftedSlices(order.slices, minutes),
    available_actions: AVAILABLE,
    action_taken: null,
    action_taken_at: null,
    travel_agent_ticket: null,
    created_at: at,
    updated_at: at,
  };
  return {
    order: { ...order, slices: change.added, airline_initiated_changes: [...changesOf(order), change] },
    change,
  };
}

function notChangeable(message: string): DuffelApiError {
  return new DuffelApiError(
    422,
    'invalid_state_error',
    'airline_initiated_change_not_actionable',
    'Not actionable',
    message,
  );
}

/** The change with an action taken (accept, or the order's cancellation), once: a second action is refused. */
export function takeAction(
  order: Order,
  changeId: string,
  action: 'accepted' | 'cancelled',
  now: Date,
): { order: Order; change: AirlineInitiatedChange } {
  const found = changesOf(order).find((change) => change.id === changeId);
  if (!found)
    throw new DuffelApiError(
      404,
      'invalid_request_error',
      'not_found',
      'Not found',
      'No such airline-initiated change',
    );
  if (found.action_taken) throw notChangeable(`An action was already taken on this change: ${found.action_taken}`);
  const at = now.toISOString();
  const change = { ...found, action_taken: action, action_taken_at: at, available_actions: [], updated_at: at };
  const airline_initiated_changes = changesOf(order).map((each) => (each.id === changeId ? change : each));
  return { order: { ...order, airline_initiated_changes }, change };
}

/** Changes nobody has answered yet: cancelling the order then refunds in full (the airline's change, not the traveller's). */
export const pendingChanges = (order: Order) => changesOf(order).filter((change) => change.action_taken === null);

/** Duffel's webhook signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the webhook's secret. */
export function duffelSignature(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** A webhook event's body as Duffel sends it: the event id, its type and the object it is about. */
export function webhookEventBody(type: string, object: unknown, now: Date): string {
  return JSON.stringify({
    id: newId('wev'),
    type,
    live_mode: false,
    api_version: 'v2',
    created_at: now.toISOString(),
    idempotency_key: (object as { id?: string }).id ?? newId('key'),
    data: { object },
  });
}

/** The order cancelled: the changes nobody answered are answered by it. */
export function cancelChanges(order: Order, now: Date): Order {
  return pendingChanges(order).reduce(
    (changed, change) => takeAction(changed, change.id, 'cancelled', now).order,
    order,
  );
}
