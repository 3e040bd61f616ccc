import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';
/** Below this, compressing costs more than the bytes it saves (the compression middleware's threshold too). */
const MIN_COMPRESSED_BYTES = 1024;
/**
 * Brotli 3: a new search's page is compressed once, while the traveller waits, so speed counts
 * more than the last bytes. On 30-offer pages (100-125 KB) quality 3 takes 0.5 ms and 8.1 KB where
 * quality 5 takes 1.1 ms and 7.4 KB (and quality 1 0.2 ms and 9.3 KB).
 */
const BROTLI_QUALITY = 3;

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

/**
 * A JSON answer serialised once and then sent as bytes as often as it is asked for, in brotli or
 * gzip when the client takes them: each compressed once, in libuv's thread pool (off the event
 * loop), and kept with it. The compression middleware leaves an answer that already has a
 * Content-Encoding alone. The ETag is a weak version its builder names, never a hash of the body.
 */
export class CachedJson {
  readonly #encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly body: Buffer,
    readonly etag: string,
  ) {}

  encoded(encoding: Encoding): Promise<Buffer> {
    let bytes = this.#encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
                [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(this.body.length),
              },
            })
          : gzip(this.body);
      // A failure is not kept: the next request tries again.
      bytes.catch(() => this.#encoded.delete(encoding));
      this.#encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** Sends a cached answer: 304 to a GET that has it, else the bytes in the best encoding the client takes. */
export async function sendCachedJson(req: Request, res: Response, answer: CachedJson): Promise<void> {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', answer.etag);
  res.vary('Accept-Encoding');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const encoding =
    answer.body.length >= MIN_COMPRESSED_BYTES ? req.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  const body = encoding === 'br' || encoding === 'gzip' ? await answer.encoded(encoding) : answer.body;
  if (body !== answer.body) res.setHeader('Content-Encoding', encoding as Encoding);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
