import { pino, type DestinationStream, type Logger } from 'pino';
import { scrubSecrets, scrubText } from './scrub.js';

export type { Logger };

/** Header paths pino removes before serialising; scrubSecrets covers bodies and free text. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
];

export function createLogger(
  options: { level?: string; name?: string } = {},
  destination?: DestinationStream,
): Logger {
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
    destination,
  );
}
