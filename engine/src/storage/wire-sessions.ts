/**
 * PostgreSQL wire-protocol sessions served by one single-connection database (PGlite).
 *
 * PGlite has one backend, so sessions take turns: a session owns the database from its first
 * message until it is idle again (a Sync or simple Query answered outside a transaction). Other
 * sessions' messages wait meanwhile, so an extended-query batch or a transaction is never
 * interleaved with another session's statements. A session that goes away while it owns the
 * database has its batch ended and its transaction rolled back before anyone else runs.
 */

/** The part of PGlite these sessions use. */
export interface WireDatabase {
  execProtocolRaw(message: Uint8Array): Promise<Uint8Array>;
  isInTransaction(): boolean;
}

export interface WirePeer {
  send(bytes: Uint8Array): void;
  /** The server ends the connection (after Terminate, a cancel request or a protocol violation). */
  end(): void;
}

export interface WireSession {
  /** Bytes from the client, in any chunking. */
  receive(chunk: Uint8Array): void;
  /** The client went away. */
  close(): void;
}

export interface WireSessions {
  open(peer: WirePeer): WireSession;
  /** Resolves once no statement runs and none waits. */
  idle(): Promise<void>;
}

// Startup-phase packets carry no type byte, only a length and one of these codes.
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const ERROR_RESPONSE = 0x45; // 'E'
const REFUSE_ENCRYPTION = Uint8Array.of(0x4e); // 'N'

function message(type: number, body: string): Uint8Array {
  const bytes = new TextEncoder().encode(body);
  const framed = new Uint8Array(5 + bytes.length);
  framed[0] = type;
  new DataView(framed.buffer).setInt32(1, 4 + bytes.length);
  framed.set(bytes, 5);
  return framed;
}
const SYNC_MESSAGE = message(SYNC, '');
const ROLLBACK_MESSAGE = message(QUERY, 'ROLLBACK\0');
/** What PostgreSQL answers to a packet it cannot accept before closing the connection. */
const protocolViolation = (text: string) => message(ERROR_RESPONSE, `SFATAL\0VFATAL\0C08P01\0M${text}\0\0`);

interface Session {
  peer: WirePeer;
  pending: Uint8Array;
  started: boolean;
  /** No more messages are taken: Terminate arrived, or the connection ended. */
  ending: boolean;
  closed: boolean;
}

interface Batch {
  session: Session;
  bytes: Uint8Array;
  /** Ends with a message after which the session is idle unless a transaction is open. */
  canRelease: boolean;
  /** The session left while owning the database: end its batch and roll its transaction back. */
  cleanup?: boolean;
  /** The client sent Terminate after these messages. */
  terminate?: boolean;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

const int32At = (bytes: Uint8Array, offset: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(offset);

/** `onFatal` hears a failure of the database itself (an SQL error is an answer to its client). */
export function wireSessions(db: WireDatabase, onFatal: (error: unknown) => void): WireSessions {
  const queue: Batch[] = [];
  let owner: Session | undefined;
  let running = false;
  let idleWaiters: Array<() => void> = [];

  async function run(batch: Batch): Promise<void> {
    owner = batch.session;
    const reply = batch.bytes.length > 0 ? await db.execProtocolRaw(batch.bytes) : undefined;
    if (batch.cleanup) {
      if (db.isInTransaction()) await db.execProtocolRaw(ROLLBACK_MESSAGE);
    } else if (reply && reply.length > 0 && !batch.session.closed) {
      batch.session.peer.send(reply);
    }
    if (batch.canRelease && !db.isInTransaction()) owner = undefined;
    if (batch.terminate) close(batch.session);
  }

  async function pump(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const index = owner ? queue.findIndex((batch) => batch.session === owner) : 0;
        if (index < 0 || index >= queue.length) break;
        await run(queue.splice(index, 1)[0]!);
      }
    } catch (error) {
      onFatal(error);
      return;
    } finally {
      running = false;
    }
    if (queue.length === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  }

  /** Drops what the session still had queued; a session that owns the database is cleaned up first. */
  function close(session: Session): void {
    if (session.closed) return;
    session.closed = true;
    session.ending = true;
    for (let index = queue.length - 1; index >= 0; index -= 1) {
      if (queue[index]!.session === session) queue.splice(index, 1);
    }
    if (owner === session) queue.unshift({ session, bytes: SYNC_MESSAGE, canRelease: true, cleanup: true });
    session.peer.end();
    void pump();
  }

  function refuse(session: Session, text: string): void {
    session.peer.send(protocolViolation(text));
    close(session);
  }

  /** Takes one untyped startup-phase packet; false while it is incomplete or once the session ended. */
  function takeStartupPacket(session: Session): boolean {
    const bytes = session.pending;
    if (bytes.length < 8) return false;
    const length = int32At(bytes, 0);
    const code = int32At(bytes, 4);
    if (length < 8) {
      refuse(session, 'invalid startup packet length');
      return false;
    }
    if (bytes.length < length) return false;
    session.pending = bytes.subarray(length);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      session.peer.send(REFUSE_ENCRYPTION);
      return true;
    }
    if (code === CANCEL_REQUEST) {
      // PGlite runs one statement at a time and has no other backend to signal.
      close(session);
      return false;
    }
    if (code !== PROTOCOL_3) {
      refuse(session, 'unsupported frontend protocol');
      return false;
    }
    session.started = true;
    queue.push({ session, bytes: bytes.subarray(0, length), canRelease: true });
    return true;
  }

  /** Queues every complete typed message as one batch, in order; Terminate ends the session after them. */
  function takeMessages(session: Session): void {
    const bytes = session.pending;
    let end = 0;
    let lastType = 0;
    while (bytes.length - end >= 5) {
      const length = 1 + int32At(bytes, end + 1);
      if (length < 5) return refuse(session, 'invalid message length');
      if (bytes.length - end < length) break;
      if (bytes[end] === TERMINATE) {
        session.ending = true;
        break;
      }
      lastType = bytes[end]!;
      end += length;
    }
    session.pending = bytes.subarray(end);
    if (end === 0 && !session.ending) return;
    queue.push({
      session,
      bytes: bytes.subarray(0, end),
      canRelease: lastType === SYNC || lastType === QUERY,
      terminate: session.ending,
    });
  }

  return {
    open(peer) {
      const session: Session = { peer, pending: new Uint8Array(0), started: false, ending: false, closed: false };
      return {
        receive(chunk) {
          if (session.ending) return;
          session.pending = concat(session.pending, chunk);
          while (!session.started && takeStartupPacket(session));
          if (session.started && !session.ending) takeMessages(session);
          void pump();
        },
        close: () => close(session),
      };
    },
    idle() {
      if (!running && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
