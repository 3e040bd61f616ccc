import { Duplex } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/**
 * A connection to the embedded database thread that `pg` uses in place of a TCP socket: bytes
 * go over a MessagePort (nothing listens anywhere). `open` hands the thread the other end, or
 * throws when the thread is gone. Only the socket methods `pg` calls are here.
 */
export class MessagePortSocket extends Duplex {
  private port: MessagePort | undefined;

  constructor(private readonly open: () => MessagePort) {
    super();
  }

  connect(): this {
    try {
      const port = this.open();
      this.port = port;
      port.on('message', (chunk: Uint8Array) =>
        this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
      );
      port.on('close', () => {
        this.port = undefined;
        this.push(null);
        this.destroy();
      });
      process.nextTick(() => this.emit('connect'));
    } catch (error) {
      process.nextTick(() => this.destroy(error as Error));
    }
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this._writev([{ chunk }], done);
  }

  /** pg corks a whole extended query (Parse, Bind, Describe, Execute, Sync): it crosses as one message. */
  override _writev(chunks: Array<{ chunk: Buffer }>, done: (error?: Error | null) => void): void {
    if (!this.port) {
      done(Object.assign(new Error('the embedded database connection is closed'), { code: 'EPIPE' }));
      return;
    }
    const total = chunks.reduce((sum, { chunk }) => sum + chunk.length, 0);
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const { chunk } of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    this.port.postMessage(bytes, [bytes.buffer]);
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.port?.close();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.port?.close();
    this.port = undefined;
    done(error);
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port?.ref();
    return this;
  }

  unref(): this {
    this.port?.unref();
    return this;
  }
}
