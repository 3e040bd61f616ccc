import { promisify } from 'node:util';
import zlib from 'node:zlib';

type Encoding = 'br' | 'gzip';
/** How a body travels: compressed, or as it is. */
export type BodyEncoding = Encoding | 'identity';

/** A JSON answer's bytes in one encoding, with the weak ETag naming its version. */
export interface EncodedJson {
  etag: string;
  body: Uint8Array;
  encoding: BodyEncoding;
}
/** Below this, compressing costs more than the bytes it saves (the compression middleware's threshold too). */
const MIN_COMPRESSED_BYTES = 1024;
/**
 * Brotli 1 and gzip 1: a new search's page is compressed once, while the traveller waits, so the
 * CPU counts more than the last bytes. On 30-offer pages (65-113 KB, measured side by side in one
 * run) brotli 1 takes 0.10 ms for 9.2 KB where brotli 3 took 0.27 ms for 8.0 KB; gzip 1 takes
 * 0.21 ms for 11.0 KB where gzip 6 took 0.52 ms for 8.6 KB.
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;
/**
 * Up to this size a body is compressed on the event loop (at most about half a millisecond): in
 * libuv's pool the same page cost twice the CPU in all (0.54 against 0.27 ms at brotli 3), for
 * the hand-over and a new encoder's memory on another thread. Larger bodies go to the pool.
 */
const MAX_INLINE_BYTES = 512 * 1024;

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/**
 * The smallest brotli window that holds the whole body (a larger one compresses it no better): the
 * encoder's buffers grow with the window, and at the default (4 MB) each compression maps and
 * faults in megabytes of fresh memory.
 */
const windowBits = (bytes: number) =>
  Math.min(
    zlib.constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))),
  );

const brotliOptions = (bytes: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(bytes),
  },
});

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (body.length > MAX_INLINE_BYTES) {
    return encoding === 'br' ? brotliAsync(body, brotliOptions(body.length)) : gzipAsync(body, { level: GZIP_LEVEL });
  }
  try {
    return Promise.resolve(
      encoding === 'br'
        ? zlib.brotliCompressSync(body, brotliOptions(body.length))
        : zlib.gzipSync(body, { level: GZIP_LEVEL }),
    );
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * A JSON answer serialised once and then sent as bytes as often as it is asked for, in brotli or
 * gzip when the client takes them: each compressed once and kept with it. The compression
 * middleware leaves an answer that already has a Content-Encoding alone. The ETag is a weak version its builder names, never a hash of the body.
 */
export class CachedJson {
  readonly #encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly body: Buffer,
    readonly etag: string,
  ) {}

  /** The body in the best encoding the client takes (`accepted`); small bodies go as they are. */
  async in(accepted: BodyEncoding): Promise<EncodedJson> {
    const compress = accepted !== 'identity' && this.body.length >= MIN_COMPRESSED_BYTES;
    return compress
      ? { etag: this.etag, body: await this.encoded(accepted), encoding: accepted }
      : { etag: this.etag, body: this.body, encoding: 'identity' };
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    let bytes = this.#encoded.get(encoding);
    if (!bytes) {
      bytes = compress(this.body, encoding);
      // A failure is not kept: the next request tries again.
      bytes.catch(() => this.#encoded.delete(encoding));
      this.#encoded.set(encoding, bytes);
    }
    return bytes;
  }
}
