import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the engine serves from the build; images and fonts are compressed already. */
const TEXT = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

async function* files(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every text file of the build, once,
 * at the highest levels: the engine sends them as they are (express-static-gzip) and never
 * compresses a static file per request. Runs last, after the prerendered HTML is written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'contrail:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const work: Promise<void>[] = [];
        for await (const file of files(outDir)) {
          if (!TEXT.test(file)) continue;
          work.push(
            (async () => {
              const body = await readFile(file);
              const [br, gz] = await Promise.all([
                brotli(body, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                  },
                }),
                gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
            })(),
          );
        }
        await Promise.all(work);
      },
    },
  };
}
