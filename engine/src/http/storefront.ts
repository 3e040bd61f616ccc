import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contrail - Flight Booking</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; color: #333">
<h1 style="color: #008870">Contrail</h1>
<p>The engine is running, but the storefront has not been built. Run <code>npm run build</code>, then restart.</p>
</body></html>`;

/** Paths the single-page app never answers: the API, the sandboxes and the probes. */
const NOT_THE_APP = /^\/(api|sandbox|healthz|readyz)(\/|$)/;

/** Serves the built storefront with a single-page-app fallback, or a placeholder when unbuilt. */
export function storefrontRoutes(directory: string | undefined): Router {
  const router = Router();
  const indexFile = directory && path.join(directory, 'index.html');
  const built = indexFile !== undefined && existsSync(indexFile);
  if (built) {
    router.use('/assets', express.static(path.join(directory!, 'assets'), { immutable: true, maxAge: '1y' }));
    router.use(express.static(directory!, { index: false }));
  }
  router.get(/.*/, (req, res, next) => {
    if (NOT_THE_APP.test(req.path)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (built) res.sendFile(path.resolve(indexFile!));
    else res.type('html').send(PLACEHOLDER);
  });
  return router;
}
