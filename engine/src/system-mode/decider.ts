import type { SystemModeName } from '@contrail/shared/admin/settings';
import { z } from 'zod';
import type { Decider } from '../eventstore/command-handler.js';
import { eventParser } from '../eventstore/event-parser.js';
import type { DomainEvent } from '../eventstore/eventstore.js';

/** Every switch of the system mode is an event in this one stream, so the stream is the audit trail. */
export const SYSTEM_MODE_STREAM = 'system-mode';

/** Who switched; the event's metadata carries the actor id and the time too. */
export interface ModeSwitchData {
  userId: string;
  username: string;
}

export type LiveModeEnabled = DomainEvent<'LiveModeEnabled', ModeSwitchData>;
export type TestModeEnabled = DomainEvent<'TestModeEnabled', ModeSwitchData>;
export type SystemModeEvent = LiveModeEnabled | TestModeEnabled;

/** A fresh system starts in test mode: nothing real is charged until an admin says so. */
export const INITIAL_MODE: SystemModeName = 'test';

export function evolveMode(_mode: SystemModeName, event: SystemModeEvent): SystemModeName {
  return event.type === 'LiveModeEnabled' ? 'live' : 'test';
}

export interface ProvidersConfigured {
  duffel: boolean;
  stripe: boolean;
}

/** Refusal of a switch the rules forbid; the message is safe to show. */
export class ModeRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModeRuleError';
  }
}

export function liveModeBlocker(providers: ProvidersConfigured): string | undefined {
  const missing = [
    ...(providers.duffel ? [] : ['the Duffel API (DUFFEL_ACCESS_TOKEN)']),
    ...(providers.stripe ? [] : ['Stripe (STRIPE_SECRET_KEY)']),
  ];
  if (missing.length === 0) return undefined;
  return `Live mode needs both providers configured; not configured: ${missing.join(' and ')}`;
}

/**
 * Decides a switch: no event when already in the requested mode, one event otherwise.
 * Live mode only when both the flight and the payment provider are configured.
 */
export function decideModeSwitch(
  current: SystemModeName,
  requested: SystemModeName,
  providers: ProvidersConfigured,
  who: ModeSwitchData,
): SystemModeEvent[] {
  if (requested === 'live') {
    const blocker = liveModeBlocker(providers);
    if (blocker) throw new ModeRuleError(blocker);
  }
  if (current === requested) return [];
  return [{ type: requested === 'live' ? 'LiveModeEnabled' : 'TestModeEnabled', data: { ...who } }];
}

export interface SwitchMode {
  requested: SystemModeName;
  providers: ProvidersConfigured;
  who: ModeSwitchData;
}

const switchedBy = z.object({ userId: z.string(), username: z.string() });

/** The `system-mode` stream's decider, for the engine's one command handler. */
export const systemModeDecider: Decider<SwitchMode, SystemModeEvent, SystemModeName> = {
  decide: (command, mode) => decideModeSwitch(mode, command.requested, command.providers, command.who),
  evolve: evolveMode,
  initialState: INITIAL_MODE,
  parse: eventParser<SystemModeEvent>({ LiveModeEnabled: switchedBy, TestModeEnabled: switchedBy }),
};
