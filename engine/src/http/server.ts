import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open: longer than any client or load balancer in
 * front keeps one to reuse (nginx and cloud balancers: 60 s). With Node's 5 s a client reusing a
 * connection near 5 s raced the server's close, and on a busy machine lost (a 2 + 2 benchmark saw
 * ECONNRESET twice in 128 bookings): when the event loop was held up, the expired keep-alive timer
 * ran before the request already waiting on that socket was read (nodejs/node#43456), and the
 * connection was closed under it. The client must give up first, never the server.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * An HTTP server that answers 408 and closes the connection when a request (headers and body) has
 * not fully arrived within `requestTimeoutMs`, so slow senders cannot hold connections for Node's
 * default 300 s. Node looks for such requests every 30 s by default: here every tenth of the
 * timeout. Answering takes as long as it needs; only receiving the request is bounded.
 */
export function createHttpServer(handler: RequestListener, options: { requestTimeoutMs: number }): Server {
  const server = createServer(
    {
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: options.requestTimeoutMs,
      connectionsCheckingInterval: Math.ceil(options.requestTimeoutMs / 10),
    },
    handler,
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
