import type { Command } from 'commander';
import { EngineClient } from './engine/client.js';
import { engineUrl } from './engine/engine-url.js';
import type { CliIo } from './io.js';
import { userTimeZone } from './output/time.js';
import { SessionStore } from './session/session-store.js';

/** What every command works with: the engine it talks to, where its session is kept, the person's zone. */
export interface CommandContext {
  io: CliIo;
  url: string;
  sessions: SessionStore;
  client: EngineClient;
  /** Times are shown, and typed days read, in this zone. */
  timeZone: string;
}

export function commandContext(io: CliIo, command: Command): CommandContext {
  const url = engineUrl(command.optsWithGlobals<{ url?: string }>().url, io.env);
  const sessions = new SessionStore(io.configDir);
  return { io, url, sessions, client: new EngineClient(url, sessions, io.fetch), timeZone: userTimeZone(io.env) };
}
