/**
 * The embedded database's thread: PGlite on DATA_DIR/pglite, serving PostgreSQL wire-protocol
 * sessions over MessagePorts the engine hands it (see pglite-worker.ts). It imports nothing of
 * the engine but wire-sessions.ts and pglite-settings.ts, so it starts fast.
 */
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGLITE_START_PARAMS } from './pglite-settings.js';
import { wireSessions } from './wire-sessions.js';

export interface ThreadData {
  dataDir: string;
  /** Only create the database (PGlite's first run), close it and end the thread. */
  createOnly?: boolean;
}

/** Engine -> thread. */
export type ToThread = { type: 'connect'; port: MessagePort } | { type: 'close' };
/** Thread -> engine. */
export type FromThread = { type: 'ready' } | { type: 'failed'; message: string };

const engine = parentPort!;
const post = (message: FromThread) => engine.postMessage(message);

function fail(error: unknown): never {
  post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}

/** Answers travel by transfer, not copy: PGlite hands back a fresh buffer per call. */
function transferable(bytes: Uint8Array): Uint8Array {
  const owned =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return owned ? bytes : bytes.slice();
}

const { dataDir, createOnly } = workerData as ThreadData;
const db = await PGlite.create({ dataDir, startParams: PGLITE_START_PARAMS }).catch(fail);
if (createOnly) await db.close().then(() => process.exit(0), fail);
const sessions = wireSessions(db, fail);

engine.on('message', (message: ToThread) => {
  if (message.type === 'connect') {
    const { port } = message;
    const session = sessions.open({
      send(bytes) {
        const answer = transferable(bytes);
        port.postMessage(answer, [answer.buffer as ArrayBuffer]);
      },
      end: () => port.close(),
    });
    port.on('message', (chunk: Uint8Array) => session.receive(chunk));
    port.on('close', () => session.close());
    return;
  }
  // Sessions have ended (their pool closed first); let any rollback finish, then shut PGlite down.
  void sessions
    .idle()
    .then(() => db.close())
    .then(() => process.exit(0), fail);
});
post({ type: 'ready' });
