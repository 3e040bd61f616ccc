import { findUnsafeText, MAX_INPUT_DEPTH, UNSAFE_TEXT_MESSAGE } from '@contrail/shared';
import express, { type RequestHandler } from 'express';
import { HttpError, ValidationError } from './errors.js';

const OPEN = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** How deep the JSON text nests, read from its bytes before parsing (strings skipped). */
export function jsonDepth(bytes: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN || byte === OPEN_OBJECT) deepest = Math.max(deepest, ++depth);
    else if (byte === CLOSE || byte === CLOSE_OBJECT) depth -= 1;
  }
  return deepest;
}

const tooDeep = () =>
  Object.assign(new Error(`The request body nests deeper than ${MAX_INPUT_DEPTH} levels`), {
    status: 400,
    type: 'entity.too.deep',
  });

/** JSON bodies, refused (400) before parsing when nested deeper than MAX_INPUT_DEPTH. */
export function jsonBody(limit: string): RequestHandler {
  return express.json({
    limit,
    verify: (req, _res, buffer) => {
      if (jsonDepth(buffer) > MAX_INPUT_DEPTH) throw tooDeep();
      // The bytes as received, for the routes that check a signature over them (Duffel's webhooks).
      (req as { rawBody?: Buffer }).rawBody = buffer;
    },
  });
}

/** True when the path's percent-encoding decodes (Express would fail on it later, or worse). */
export function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export const MALFORMED_ADDRESS_MESSAGE = 'The address is not valid: malformed percent-encoding';

/** Every request: an address that does not decode is a 400, whatever route it was meant for. */
export const rejectMalformedPath: RequestHandler = (req, _res, next) => {
  next(decodablePath(req.path) ? undefined : new HttpError(400, MALFORMED_ADDRESS_MESSAGE, 'MALFORMED_URL'));
};

/**
 * The shared text rule (@contrail/shared safe-text) over everything an API request carries: the
 * decoded path, every query value and every body string and key, before any route reads them.
 */
export const rejectUnsafeInput: RequestHandler = (req, _res, next) => {
  const fields: Array<[string, unknown]> = [
    ['path', decodeURIComponent(req.path)],
    ['query', req.query],
    ['body', req.body],
  ];
  for (const [source, value] of fields) {
    const found = findUnsafeText(value);
    if (found === undefined) continue;
    const path = source === 'body' ? found : found ? `${source}.${found}` : source;
    next(new ValidationError([{ path, message: UNSAFE_TEXT_MESSAGE }]));
    return;
  }
  next();
};
