import { invalid } from './errors.js';
import { record } from './request-fields.js';

const MAX_KEYS = 50;
const MAX_KEY_LENGTH = 40;
const MAX_VALUE_LENGTH = 500;

/** An order's metadata as Duffel bounds it: up to 50 keys of up to 40 characters, text values up to 500. */
export function readMetadata(value: unknown, field: string): Record<string, string> {
  const metadata = record(value, field);
  const entries = Object.entries(metadata);
  if (entries.length > MAX_KEYS) throw invalid(field, `Field '${field}' holds at most ${MAX_KEYS} keys`);
  for (const [key, text] of entries) {
    if (key.length > MAX_KEY_LENGTH) throw invalid(field, `Metadata keys have at most ${MAX_KEY_LENGTH} characters`);
    if (typeof text !== 'string' || text.length > MAX_VALUE_LENGTH)
      throw invalid(`${field}.${key}`, `Metadata values are text of at most ${MAX_VALUE_LENGTH} characters`);
  }
  return metadata as Record<string, string>;
}

/**
 * Reads `PATCH air/orders/:id` `data`: `{ metadata }` as Duffel documents it, or `{ options: {
 * metadata } }` as the official JavaScript client (4.x) sends it.
 */
export function readMetadataUpdate(body: unknown): Record<string, string> {
  const data = record(record(body, 'body').data, 'data');
  const options = data.options === undefined ? data : record(data.options, 'options');
  return readMetadata(options.metadata, data.options === undefined ? 'metadata' : 'options.metadata');
}
