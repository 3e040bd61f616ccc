import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';
/** Below this, compressing costs more than the bytes it saves (the compression middleware's threshold too). */
const MIN_COMPRESSED_BYTES = 1024;
/** Brotli 5: within 1% of quality 8's size on a search page at a sixth of the time. */
const BROTLI_QUALITY = 5;

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
