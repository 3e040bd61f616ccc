import type { DropRule } from '@contrail/shared/price-tracking/tracked-search';
import type { Decider } from '../eventstore/command-handler.js';
import type { TrackedSearch } from '@contrail/shared/price-tracking/tracked-search';
import { parsePriceTrackingEvent, type PriceTrackingEvent } from './events.js';
import { nextBaseline, priceDropped } from './price-drop.js';

export type PriceTrackingCommand =
  | {
      type: 'StartTracking';
      trackingId: string;
      brandKey: string;
      search: TrackedSearch;
      searchKey: string;
      drop: DropRule;
      customerId: string | null;
    }
  | { type: 'ConfirmTracking' }
  | {
      type: 'RecordCheck';
      checkKey: string;
      cheapestMinor: number | null;
      currency: string | null;
      departureDate: string | null;
      cost: number;
    }
  | { type: 'StopTracking'; by: 'traveller' | 'unsubscribe' };

export interface PriceTrackingState {
  status: 'none' | 'pending' | 'active' | 'stopped';
  drop: DropRule | null;
  /** The price the next drop is measured against: the first price found, lowered by each drop written. */
  baselineMinor: number | null;
  checkKeys: ReadonlySet<string>;
}

export const initialTrackingState: PriceTrackingState = {
  status: 'none',
  drop: null,
  baselineMinor: null,
  checkKeys: new Set(),
};

/** A command the tracking's state refuses: the routes answer 404 (no such tracking) or 409. */
export class TrackingRefusal extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'ALREADY_TRACKING',
    message: string,
  ) {
    super(message);
    this.name = 'TrackingRefusal';
  }
}

const notFound = () => new TrackingRefusal('NOT_FOUND', 'Price alert not found');

function decideCheck(
  command: Extract<PriceTrackingCommand, { type: 'RecordCheck' }>,
  state: PriceTrackingState,
): PriceTrackingEvent[] {
  // Not confirmed, stopped, or this slot already checked (a retried or doubled job): nothing new.
  if (state.status !== 'active' || state.checkKeys.has(command.checkKey)) return [];
  const { type: _type, ...found } = command;
  const baseline = state.baselineMinor;
  const latest = found.cheapestMinor;
  const dropped = baseline !== null && latest !== null && priceDropped(state.drop!, baseline, latest);
  return [{ type: 'TrackedPriceChecked', data: { ...found, baselineMinor: baseline, dropped } }];
}

/**
 * A traveller's price alert (issue 34): started (confirmed at once when signed in, else after the
 * emailed link), checked once per slot, an email owed when a check's price fell by the rule, stopped
 * by the traveller or by the one-click unsubscribe. Checks and stops after a stop change nothing.
 */
export function decideTracking(command: PriceTrackingCommand, state: PriceTrackingState): PriceTrackingEvent[] {
  switch (command.type) {
    case 'StartTracking': {
      if (state.status !== 'none') throw new TrackingRefusal('ALREADY_TRACKING', 'This price alert exists already');
      const { type: _type, ...data } = command;
      return [{ type: 'PriceTrackingStarted', data: { ...data, confirmed: command.customerId !== null } }];
    }
    case 'ConfirmTracking':
      if (state.status === 'none') throw notFound();
      return state.status === 'pending' ? [{ type: 'PriceTrackingConfirmed', data: {} }] : [];
    case 'RecordCheck':
      return decideCheck(command, state);
    case 'StopTracking':
      if (state.status === 'none') throw notFound();
      return state.status === 'stopped' ? [] : [{ type: 'PriceTrackingStopped', data: { by: command.by } }];
  }
}

export function evolveTracking(state: PriceTrackingState, event: PriceTrackingEvent): PriceTrackingState {
  switch (event.type) {
    case 'PriceTrackingStarted':
      return { ...state, status: event.data.confirmed ? 'active' : 'pending', drop: event.data.drop };
    case 'PriceTrackingConfirmed':
      return { ...state, status: 'active' };
    case 'TrackedPriceChecked': {
      const { cheapestMinor, checkKey } = event.data;
      const baselineMinor =
        cheapestMinor === null
          ? state.baselineMinor
          : state.baselineMinor === null
            ? cheapestMinor
            : nextBaseline(state.drop!, state.baselineMinor, cheapestMinor);
      return { ...state, baselineMinor, checkKeys: new Set([...state.checkKeys, checkKey]) };
    }
    case 'PriceTrackingStopped':
      return { ...state, status: 'stopped' };
  }
}

export const priceTrackingDecider: Decider<PriceTrackingCommand, PriceTrackingEvent, PriceTrackingState> = {
  decide: decideTracking,
  evolve: evolveTracking,
  initialState: initialTrackingState,
  parse: parsePriceTrackingEvent,
};
