import { pino, type DestinationStream, type Logger } from 'pino';
import { stdoutDestination } from './destination.js';
import { scrubSecrets, scrubText, scrubUrl } from './scrub.js';

export type { Logger };

/** Header paths pino removes before serialising; scrubSecrets covers bodies and free text. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
];

interface SerializedRequest {
  url?: string;
  [key: string]: unknown;
}

/**
 * pino-http's request serializer, after pino's own: the URL and query scrubbed like bodies, so a
 * card number or an email in a query string never reaches the log.
 */
export function scrubbedRequest(req: SerializedRequest): Record<string, unknown> {
  const { url, ...rest } = req;
  return { ...(scrubSecrets(rest) as Record<string, unknown>), ...(url !== undefined && { url: scrubUrl(url) }) };
}

export function createLogger(options: { level?: string; name?: string } = {}, destination?: DestinationStream): Logger {
  return pino(
    {
      name: options.name ?? 'contrail',
      level: options.level ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      formatters: {
        log: (object) => scrubSecrets(object) as Record<string, unknown>,
      },
      hooks: {
        // Messages are not part of the logged object, so they are scrubbed on their way in.
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as typeof args);
        },
      },
    },
    destination ?? stdoutDestination(),
  );
}
