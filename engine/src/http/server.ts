import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * An HTTP server that answers 408 and closes the connection when a request (headers and body) has
 * not fully arrived within `requestTimeoutMs`, so slow senders cannot hold connections for Node's
 * default 300 s. Node looks for such requests every 30 s by default: here every tenth of the
 * timeout. Answering takes as long as it needs; only receiving the request is bounded.
 */
export function createHttpServer(handler: RequestListener, options: { requestTimeoutMs: number }): Server {
  return createServer(
    {
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: options.requestTimeoutMs,
      connectionsCheckingInterval: Math.ceil(options.requestTimeoutMs / 10),
    },
    handler,
  );
}
