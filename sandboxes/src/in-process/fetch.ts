import { IncomingMessage, ServerResponse, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';

/** What a Node HTTP server calls per request: an Express app, for one. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The part of WHATWG fetch the official clients call (Stripe's fetch HTTP client, a Duffel request layer). */
export type FetchFunction = (input: string | URL, init?: RequestInit) => Promise<Response>;

function requestHeaders(init: RequestInit, url: URL, body: Buffer | undefined): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { host: url.host };
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  if (body) headers['content-length'] = String(body.length);
  return headers;
}

function responseHeaders(headers: OutgoingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) result.append(name, String(one));
  }
  return result;
}

/** A request as a server would receive it off a socket: method, path, headers, then the body. */
function incoming(url: URL, init: RequestInit, body: Buffer | undefined): IncomingMessage {
  // Never connected: the listener reads the message from memory, not from this socket.
  const req = new IncomingMessage(new Socket());
  req.method = (init.method ?? 'GET').toUpperCase();
  req.url = `${url.pathname}${url.search}`;
  req.headers = requestHeaders(init, url, body);
  if (body) req.push(body);
  req.push(null);
  return req;
}

type Chunk = string | Uint8Array;
const toBuffer = (chunk: Chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));

/** Collects what the listener writes and settles once it ends the answer. */
function outgoing(req: IncomingMessage, settle: (response: Response) => void): ServerResponse {
  const res = new ServerResponse(req);
  const chunks: Buffer[] = [];
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    const headers = rest.find((part) => typeof part === 'object' && part !== null) as OutgoingHttpHeaders | undefined;
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: Chunk) => {
    chunks.push(toBuffer(chunk));
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: Chunk | (() => void)) => {
    if (chunk !== undefined && typeof chunk !== 'function') chunks.push(toBuffer(chunk));
    const bodyless = res.statusCode === 204 || res.statusCode === 304 || req.method === 'HEAD';
    const headers = responseHeaders(res.getHeaders());
    settle(new Response(bodyless ? null : Buffer.concat(chunks), { status: res.statusCode, headers }));
    return res;
  }) as ServerResponse['end'];
  return res;
}

/**
 * A fetch that hands each request to `listener` in this process, without a socket: the official
 * clients keep their own request building and answer parsing, and the listener (the sandboxes'
 * router, behind the same gate as over HTTP) sees the request a server would.
 */
export function inProcessFetch(listener: RequestListener): FetchFunction {
  return async (input, init = {}) => {
    const url = new URL(String(input));
    const body = init.body == null ? undefined : Buffer.from(await new Response(init.body).arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      // A client's timeout aborts the wait, as it would close a socket; the listener's work runs on.
      const signal = init.signal;
      if (signal?.aborted) return reject(signal.reason as Error);
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      const req = incoming(url, init, body);
      const res = outgoing(req, resolve);
      try {
        listener(req, res);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };
}
