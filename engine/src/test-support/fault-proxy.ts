import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An HTTP proxy in front of the provider sandboxes that misbehaves on purpose: fail a request
 * before it reaches the provider, let it through and lose the answer, hold it without ever
 * answering, rewrite the answer, or call back when a request arrives (to kill its sender there).
 */
export interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
}

export type FaultAction =
  | { kind: 'fail'; status: number }
  | { kind: 'fail-after'; status: number }
  | { kind: 'hang' }
  | { kind: 'rewrite'; change(body: unknown): unknown }
  | { kind: 'tap'; seen(request: ProxiedRequest): void };

export interface FaultRule {
  method?: string;
  pathIncludes?: string;
  /** Only requests whose body contains this text. */
  bodyIncludes?: string;
  /** How many matching requests it applies to (default 1). */
  times?: number;
  action: FaultAction;
}

export interface FaultProxy {
  url: string;
  port: number;
  add(rule: FaultRule): void;
  clear(): void;
  /** Every request seen, in order. */
  readonly seen: ProxiedRequest[];
  close(): Promise<void>;
}

/** An error body both clients read: Duffel's `errors` and Stripe's `error`. */
const errorBody = (status: number) =>
  JSON.stringify({
    meta: { status, request_id: 'proxy' },
    errors: [{ type: 'api_error', code: 'internal_server_error', title: 'Proxy fault', message: `Injected ${status}` }],
    error: { type: 'api_error', message: `Injected ${status}` },
  });

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

export async function startFaultProxy(target: () => string): Promise<FaultProxy> {
  const rules: Array<FaultRule & { left: number }> = [];
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();

  const take = (request: ProxiedRequest): FaultAction | undefined => {
    const rule = rules.find(
      (candidate) =>
        (!candidate.method || candidate.method === request.method) &&
        (!candidate.pathIncludes || request.path.includes(candidate.pathIncludes)) &&
        (!candidate.bodyIncludes || request.body.includes(candidate.bodyIncludes)),
    );
    if (!rule) return undefined;
    rule.left -= 1;
    if (rule.left <= 0) rules.splice(rules.indexOf(rule), 1);
    return rule.action;
  };

  const upstream = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      const base = new URL(target());
      const outgoing = forward(
        {
          host: base.hostname,
          port: base.port,
          method: req.method,
          path: req.url,
          // Plain answers, so a rewrite can read them (the engine compresses what it may).
          headers: { ...req.headers, host: base.host, 'accept-encoding': 'identity' },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(answer.headers))
              if (typeof value === 'string' && !['content-length', 'transfer-encoding', 'connection'].includes(name))
                headers[name] = value;
            resolve({ status: answer.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const proxied = { method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString('utf8') };
      seen.push(proxied);
      const action = take(proxied);
      if (action?.kind === 'hang') return;
      if (action?.kind === 'fail') return send(res, action.status, errorBody(action.status));
      if (action?.kind === 'tap') action.seen(proxied);
      upstream(req, body).then(
        (answer) => {
          if (action?.kind === 'fail-after') return send(res, action.status, errorBody(action.status));
          if (action?.kind === 'rewrite') {
            const changed = JSON.stringify(action.change(JSON.parse(answer.body.toString('utf8'))));
            return send(res, answer.status, changed, answer.headers);
          }
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        },
        () => send(res, 502, errorBody(502)),
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    add: (rule) => rules.push({ ...rule, left: rule.times ?? 1 }),
    clear: () => void rules.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
