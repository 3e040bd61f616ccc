import { invalidParam, invalidRequest, missingParam } from './errors.js';

/** Readers for Stripe's form-encoded parameters, parsed qs-style into nested objects and strings. */
export type Params = Record<string, unknown>;

export function rejectUnknown(params: Params, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key))
      throw invalidRequest(`Received unknown parameter: ${key}`, { code: 'parameter_unknown', param: key });
  }
}

export function optionalString(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${key}`, { code: 'parameter_invalid_string', param: key });
  return value;
}

export function requiredString(params: Params, key: string): string {
  return (
    optionalString(params, key) ??
    (() => {
      throw missingParam(key);
    })()
  );
}

export function optionalInteger(params: Params, key: string): number | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw invalidParam(key, `Invalid integer: ${value}`);
  return Number(value);
}

export function optionalBoolean(params: Params, key: string): boolean | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false')
    throw invalidParam(key, `Invalid boolean: ${value}`, 'parameter_invalid_boolean');
  return value === 'true';
}

export function optionalEnum<T extends string>(params: Params, key: string, values: readonly T[]): T | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  if (!values.includes(value as T)) {
    throw invalidRequest(`Invalid ${key}: must be one of ${values.join(', ')}`, {
      code: 'parameter_invalid_string',
      param: key,
    });
  }
  return value as T;
}

export function metadataOf(params: Params): Record<string, string> {
  const value = params.metadata;
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidRequest('Invalid object', { param: 'metadata' });
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string')
      throw invalidRequest(`Invalid metadata value for ${key}`, { param: `metadata[${key}]` });
    if (entry !== '') metadata[key] = entry;
  }
  return metadata;
}

export function objectParam(params: Params, key: string): Params | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidRequest('Invalid object', { param: key });
  return value as Params;
}
