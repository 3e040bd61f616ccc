import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { containsCardNumber } from '../logging/card-numbers.js';

const PLAIN_ID = /^[\w.-]{1,64}$/;

/**
 * The request's id (pino-http's genReqId), logged with every line of the request and answered in
 * X-Request-Id: the client's own when it is a short plain id holding no card number, else a new
 * one, so that neither the logs nor the answer repeat a card number the client put there.
 */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id =
    typeof incoming === 'string' && PLAIN_ID.test(incoming) && !containsCardNumber(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}
