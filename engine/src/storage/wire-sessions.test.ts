import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireSessions, type WireDatabase, type WireSession, type WireSessions } from './wire-sessions.js';

// Frontend messages, built by hand as a client would send them.
const encoder = new TextEncoder();
function int32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setInt32(0, value);
  return bytes;
}
function join(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
const packet = (code: number, body = new Uint8Array(0)) => join(int32(8 + body.length), int32(code), body);
const startup = () => packet(196_608, encoder.encode('user\0postgres\0database\0postgres\0\0'));
const typed = (type: string, body: Uint8Array) => join(encoder.encode(type), int32(4 + body.length), body);
const query = (sql: string) => typed('Q', encoder.encode(`${sql}\0`));
const terminate = () => typed('X', new Uint8Array(0));

/** A client end that collects what the server sends, as text, and whether it ended the connection. */
class Client {
  received = '';
  ended = false;
  readonly session: WireSession;
  constructor(sessions: WireSessions) {
    this.session = sessions.open({
      send: (bytes) => (this.received += Buffer.from(bytes).toString('latin1')),
      end: () => (this.ended = true),
    });
  }
  send(bytes: Uint8Array): void {
    this.session.receive(bytes);
  }
  /** Resolves once `count` ReadyForQuery messages arrived in total. */
  async readyForQuery(count: number): Promise<void> {
    for (let waited = 0; this.received.split('Z\0\0\0\x05').length - 1 < count; waited += 1) {
      if (waited > 2_000) throw new Error(`no ReadyForQuery #${count}: ${JSON.stringify(this.received)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

describe('wire-protocol sessions over one PGlite backend', () => {
  let db: PGlite;
  let sessions: WireSessions;
  const fatal: unknown[] = [];

  beforeAll(async () => {
    db = await PGlite.create();
    sessions = wireSessions(db, (error) => fatal.push(error));
    const setup = new Client(sessions);
    setup.send(join(startup(), query('CREATE TABLE notes (body text PRIMARY KEY)')));
    await setup.readyForQuery(2);
    setup.session.close();
  });
  afterAll(async () => {
    await db.close();
    expect(fatal).toEqual([]);
  });

  const count = async (body: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE body = $1', [body])).rows[0]!.n;

  it('answers a startup and a query sent one byte at a time', async () => {
    const client = new Client(sessions);
    for (const byte of join(startup(), query("SELECT 'hello' AS greeting"))) client.send(Uint8Array.of(byte));
    await client.readyForQuery(2);
    expect(client.received).toContain('greeting');
    expect(client.received).toContain('hello');
  });

  it('refuses encryption requests with N and goes on in plain text', async () => {
    const client = new Client(sessions);
    client.send(join(packet(80_877_103), packet(80_877_104)));
    expect(client.received).toBe('NN');
    client.send(startup());
    await client.readyForQuery(1);
  });

  it('ends a cancel request connection without touching the database', () => {
    const client = new Client(sessions);
    client.send(packet(80_877_102, new Uint8Array(8)));
    expect(client.ended).toBe(true);
    expect(client.received).toBe('');
  });

  it('refuses a protocol it does not speak with a FATAL error', () => {
    const client = new Client(sessions);
    client.send(packet(131_072));
    expect(client.ended).toBe(true);
    expect(client.received).toContain('08P01');
  });

  it("never runs another session's statement inside an open transaction", async () => {
    const inTransaction = new Client(sessions);
    const other = new Client(sessions);
    inTransaction.send(join(startup(), query('BEGIN'), query("INSERT INTO notes VALUES ('rolled back')")));
    await inTransaction.readyForQuery(3);
    other.send(join(startup(), query("INSERT INTO notes VALUES ('autocommit')")));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(other.received).toBe(''); // waiting for the transaction to end
    inTransaction.send(query('ROLLBACK'));
    await other.readyForQuery(2);
    expect(await count('rolled back')).toBe(0);
    expect(await count('autocommit')).toBe(1);
  });

  it('rolls back the transaction of a session that goes away, then serves the others', async () => {
    const leaving = new Client(sessions);
    const waiting = new Client(sessions);
    leaving.send(join(startup(), query('BEGIN'), query("INSERT INTO notes VALUES ('abandoned')")));
    await leaving.readyForQuery(3);
    waiting.send(join(startup(), query("SELECT count(*) FROM notes WHERE body = 'abandoned'")));
    leaving.session.close();
    await waiting.readyForQuery(2);
    expect(await count('abandoned')).toBe(0);
    expect(db.isInTransaction()).toBe(false);
  });

  it('runs what came before a Terminate, then ends the session', async () => {
    const client = new Client(sessions);
    client.send(
      join(startup(), query('BEGIN'), query("INSERT INTO notes VALUES ('committed')"), query('COMMIT'), terminate()),
    );
    await sessions.idle();
    expect(client.ended).toBe(true);
    expect(await count('committed')).toBe(1);
  });

  it('reports a failure of the database itself as fatal', async () => {
    const broken: WireDatabase = {
      execProtocolRaw: () => Promise.reject(new Error('RuntimeError: unreachable')),
      isInTransaction: () => false,
    };
    const failures: unknown[] = [];
    const client = new Client(wireSessions(broken, (error) => failures.push(error)));
    client.send(startup());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(failures).toEqual([new Error('RuntimeError: unreachable')]);
  });
});
