import type { z } from 'zod';
import { CliError } from '../errors.js';
import type { SessionStore } from '../session/session-store.js';
import { mergeCookies } from './cookies.js';

const TIMEOUT_MS = 15_000;

interface ErrorBody {
  message?: string;
  errors?: Array<{ path?: string; message?: string }>;
}

/** The engine answered with an error status; the message says what to do about it. */
export class EngineError extends CliError {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    // Input the engine refused is bad input, as the CLI's own checks find it: exit 2.
    super(message, status === 400 ? 2 : 1);
    this.name = 'EngineError';
  }
}

export interface CallOptions<S extends z.ZodType> {
  body?: unknown;
  /** What the person asked for, as permission errors name it: "contrail mode live". */
  action: string;
  /** The answer's contract (from @contrail/shared): an answer that does not match it is refused. */
  schema: S;
  /** The brand the call is made on, before a session says it (sign-in). */
  brand?: string;
}

/** The header the storefront names its brand in (engine/src/accounts/brand.ts). */
const BRAND_HEADER = 'X-Brand-Key';

function describeFailure(status: number, body: ErrorBody, action: string, hadSession: boolean): string {
  const said = body.message ?? `HTTP ${status}`;
  if (status === 401) {
    return hadSession
      ? 'Not signed in (the saved session has ended): run contrail login'
      : 'Not signed in: run contrail login';
  }
  if (status === 403) return `Permission denied: ${action} needs an admin (the engine said: ${said})`;
  if (status === 400) {
    const fields = (body.errors ?? []).slice(1).map((error) => `\n  ${error.path || '(body)'}: ${error.message}`);
    return `Invalid input: ${said.replace(/^Invalid request: /, '')}${fields.join('')}`;
  }
  if (status >= 500) return `The engine failed (HTTP ${status}): ${said}`;
  return said;
}

function unreachable(url: string, error: unknown): CliError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') {
    return new CliError(`Cannot reach the Contrail engine at ${url}: no answer within ${TIMEOUT_MS / 1000} s`);
  }
  const why = cause?.code ?? cause?.message ?? (error as Error).message;
  return new CliError(
    `Cannot reach the Contrail engine at ${url} (${why}). Is it running? Set --url or CONTRAIL_URL to its address.`,
  );
}

/** JSON over HTTP to one engine, with the saved session's cookie; refreshed cookies are saved back. */
export class EngineClient {
  constructor(
    readonly url: string,
    private readonly sessions: SessionStore,
    private readonly fetchFn: typeof fetch,
  ) {}

  async call<S extends z.ZodType>(method: string, path: string, options: CallOptions<S>): Promise<z.output<S>> {
    const { data } = await this.send(method, path, options);
    return data;
  }

  /** Like call, but also hands back the Set-Cookie headers (login keeps them). */
  async send<S extends z.ZodType>(
    method: string,
    path: string,
    options: CallOptions<S>,
  ): Promise<{ data: z.output<S>; setCookies: string[] }> {
    const session = await this.sessions.get(this.url);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (session) headers.Cookie = session.cookie;
    const brand = options.brand ?? session?.brand;
    if (brand) headers[BRAND_HEADER] = brand;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetchFn(`${this.url}${path}`, {
        method,
        headers,
        ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw unreachable(this.url, error);
    }
    const setCookies = response.headers.getSetCookie();
    if (session && setCookies.length > 0) {
      const cookie = mergeCookies(session.cookie, setCookies);
      if (cookie) await this.sessions.save(this.url, { ...session, cookie, savedAt: new Date().toISOString() });
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new CliError(
        `Unexpected answer from ${this.url}${path} (HTTP ${response.status}, not JSON): is --url a Contrail engine?`,
      );
    }
    if (!response.ok) {
      throw new EngineError(
        describeFailure(response.status, body as ErrorBody, options.action, session !== undefined),
        response.status,
        body as ErrorBody,
      );
    }
    return { data: this.#parsed(options.schema, path, body), setCookies };
  }

  /**
   * GETs a download (a CSV export), or POSTs `body` as JSON for one, and hands its text on piece
   * by piece as it arrives, never the whole in memory; it fails when nothing arrives for TIMEOUT_MS.
   */
  async download(path: string, action: string, write: (text: string) => unknown, body?: unknown): Promise<void> {
    const session = await this.sessions.get(this.url);
    const idle = new AbortController();
    let timer = setTimeout(() => idle.abort(new DOMException('idle', 'TimeoutError')), TIMEOUT_MS);
    const stillAlive = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(new DOMException('idle', 'TimeoutError')), TIMEOUT_MS);
    };
    try {
      let response: Response;
      try {
        response = await this.fetchFn(`${this.url}${path}`, {
          ...(body !== undefined && { method: 'POST', body: JSON.stringify(body) }),
          headers: {
            ...(session && { Cookie: session.cookie }),
            ...(body !== undefined && { 'Content-Type': 'application/json' }),
          },
          signal: idle.signal,
        });
      } catch (error) {
        throw unreachable(this.url, error);
      }
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => ({}))) as ErrorBody;
        throw new EngineError(
          describeFailure(response.status, body, action, session !== undefined),
          response.status,
          body,
        );
      }
      const decoder = new TextDecoder();
      for await (const chunk of response.body) {
        stillAlive();
        write(decoder.decode(chunk as Uint8Array, { stream: true }));
      }
      write(decoder.decode());
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw unreachable(this.url, error);
    } finally {
      clearTimeout(timer);
    }
  }

  #parsed<S extends z.ZodType>(schema: S, path: string, body: unknown): z.output<S> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new CliError(
      `Unexpected answer from ${this.url}${path}: ${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'invalid'}. Are the CLI and the engine the same version?`,
    );
  }
}
