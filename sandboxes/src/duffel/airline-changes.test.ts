import { createHmac } from 'node:crypto';
import type { Order } from '@duffel/api/types';
import { describe, expect, it } from 'vitest';
import {
  airlineChangeId,
  cancelChanges,
  changeSchedule,
  duffelSignature,
  orderIdOfChange,
  pendingChanges,
  shiftLocal,
  takeAction,
} from './airline-changes.js';

const now = new Date('2026-11-29T11:00:00.000Z');
const segment = { id: 'seg_1', departing_at: '2026-12-31T23:30:00', arriving_at: '2027-01-01T02:00:00' };
const order = {
  id: 'ord_0000AbC',
  cancelled_at: null,
  slices: [{ id: 'sli_1', segments: [segment] }],
  airline_initiated_changes: [],
} as unknown as Order;

describe('airline-initiated changes in the Duffel sandbox', () => {
  it('moves every flight, keeps the old slices as removed, and answers the new ones on the order', () => {
    const { order: changed, change } = changeSchedule(order, 95, now);
    expect(change).toMatchObject({
      id: airlineChangeId(order.id, 1),
      order_id: order.id,
      removed: order.slices,
      available_actions: ['accept', 'cancel', 'change', 'update'],
      action_taken: null,
      created_at: now.toISOString(),
    });
    expect(change.added[0]!.segments[0]).toMatchObject({
      departing_at: '2027-01-01T01:05:00',
      arriving_at: '2027-01-01T03:35:00',
    });
    expect(change.added[0]!.segments[0]!.id).not.toBe('seg_1');
    expect(changed.slices).toEqual(change.added);
    expect(orderIdOfChange(change.id)).toBe(order.id);
    expect(orderIdOfChange('aic_nonsense')).toBeUndefined();
    expect(shiftLocal('2026-03-01T00:10:00', -20)).toBe('2026-02-28T23:50:00');
  });

  it('takes one action on a change, refuses a second, and a cancellation answers the pending ones', () => {
    const { order: changed, change } = changeSchedule(order, 30, now);
    const accepted = takeAction(changed, change.id, 'accepted', now);
    expect(accepted.change).toMatchObject({ action_taken: 'accepted', available_actions: [] });
    expect(() => takeAction(accepted.order, change.id, 'accepted', now)).toThrow(/already taken/);
    expect(() => takeAction(changed, 'aic_other_1', 'accepted', now)).toThrow();
    expect(pendingChanges(changed)).toHaveLength(1);
    expect(pendingChanges(cancelChanges(changed, now))).toHaveLength(0);
  });

  it("signs a webhook body as Duffel does: t=<seconds>,v1=<hex HMAC-SHA256 of 't.body'>", () => {
    const body = '{"id":"wev_1"}';
    const expected = createHmac('sha256', 'secret').update(`1764414000.${body}`).digest('hex');
    expect(duffelSignature('secret', body, 1764414000)).toBe(`t=1764414000,v1=${expected}`);
  });
});
