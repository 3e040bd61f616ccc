import { pino, type DestinationStream, type Logger } from 'pino';
import { stdoutDestination } from './destination.js';
import { scrubLogLine, scrubSecrets, scrubUrl } from './scrub.js';

export type { Logger };

/** Header paths pino removes before serialising; scrubSecrets covers bodies and free text. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
];

interface AccessRequest {
  id?: unknown;
  method?: string;
  originalUrl?: string;
  url?: string;
}

/**
 * What one access-log line keeps of a request and its answer (pino-http, unwrapped serializers):
 * its id, method, URL (scrubbed like bodies, so a card number or an email in a query string never
 * reaches the log) and status. Not the headers: written for every request, they made each line
 * about 2 KB and cost more than a cached search page's own work.
 */
export const accessLogSerializers = {
  req: (req: AccessRequest) => ({
    id: req.id,
    method: req.method,
    url: scrubUrl(req.originalUrl ?? req.url ?? ''),
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};

export function createLogger(options: { level?: string; name?: string } = {}, destination?: DestinationStream): Logger {
  return pino(
    {
      name: options.name ?? 'contrail',
      level: options.level ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      formatters: {
        log: (object) => scrubSecrets(object) as Record<string, unknown>,
      },
      hooks: { streamWrite: scrubLogLine },
    },
    destination ?? stdoutDestination(),
  );
}
