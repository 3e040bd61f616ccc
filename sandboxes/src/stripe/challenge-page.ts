import express, { Router, type Request, type Response } from 'express';
import { StripeApiError } from './errors.js';
import type { PaymentIntent } from './objects.js';
import type { StripeSandbox } from './sandbox.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const amountOf = (intent: PaymentIntent) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: intent.currency.toUpperCase() }).format(
    intent.amount / 100,
  );

/** A whole page: no script (the engine's CSP allows none inline) and its style from the same origin. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="challenge.css"></head>
<body><main><p class="badge">Test mode: no bank is involved</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const CSS = `body{margin:0;font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36}
main{max-width:28rem;margin:0 auto;padding:2rem 1rem}
.badge{display:inline-block;margin:0 0 1rem;padding:.25rem .5rem;border-radius:.25rem;background:#ffe8b0;font-size:.875rem}
h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5}
form{display:flex;flex-direction:column;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.875rem 1rem;border-radius:.375rem;border:1px solid #635bff;cursor:pointer}
button[value=complete]{background:#635bff;color:#fff}button[value=fail]{background:#fff;color:#635bff}
button:focus-visible{outline:3px solid #1a1f36;outline-offset:2px}`;

function challengePage(intent: PaymentIntent, clientSecret: string): string {
  return page(
    '3D Secure Test Page',
    `<p>This page stands in for your bank's 3D Secure challenge. Authenticate the payment of
<strong>${escapeHtml(amountOf(intent))}</strong>, or fail it to see what a failed authentication does.</p>
<form method="post"><input type="hidden" name="client_secret" value="${escapeHtml(clientSecret)}">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button></form>`,
  );
}

const finishedPage = () =>
  page('Authentication finished', '<p>This payment was already authenticated or failed. You can close this page.</p>');

function sendError(res: Response, error: unknown): void {
  const known = error instanceof StripeApiError;
  res
    .status(known ? error.status : 500)
    .type('html')
    .send(
      page('Authentication unavailable', `<p>${escapeHtml(known ? error.body.message : 'Something went wrong.')}</p>`),
    );
}

/**
 * The bank's 3-D Secure challenge as Stripe's test mode shows it, at CHALLENGE_PATH/:id (the URL
 * of the intent's `redirect_to_url`): "Complete authentication" or "Fail authentication", then back
 * to the intent's `return_url`.
 */
export function challengePageRouter(sandbox: StripeSandbox): Router {
  const router = Router();
  router.get('/challenge.css', (_req, res) => {
    res.type('css').send(CSS);
  });
  router.get('/:id', async (req: Request, res) => {
    try {
      const clientSecret = typeof req.query.client_secret === 'string' ? req.query.client_secret : '';
      const intent = await sandbox.challenged(String(req.params.id), clientSecret);
      res.type('html').send(intent.status === 'requires_action' ? challengePage(intent, clientSecret) : finishedPage());
    } catch (error) {
      sendError(res, error);
    }
  });
  router.post('/:id', express.urlencoded({ extended: false, limit: '4kb' }), async (req: Request, res) => {
    try {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const outcome = body.outcome === 'complete' ? 'complete' : body.outcome === 'fail' ? 'fail' : undefined;
      if (!outcome) {
        res.status(400).type('html').send(page('Authentication unavailable', '<p>Choose complete or fail.</p>'));
        return;
      }
      const clientSecret = typeof body.client_secret === 'string' ? body.client_secret : '';
      const { returnTo } = await sandbox.authenticate(String(req.params.id), clientSecret, outcome);
      if (returnTo) res.redirect(303, returnTo);
      else res.type('html').send(finishedPage());
    } catch (error) {
      sendError(res, error);
    }
  });
  return router;
}
