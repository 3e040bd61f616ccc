import { invalid } from './errors.js';

/** A request field that must be an object, else Duffel's 422 naming it. */
export function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(field, `Field '${field}' must be an object`);
  return value as Record<string, unknown>;
}

/** A request field that must be text that is not blank, else Duffel's 422 naming it. */
export function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalid(field, `Field '${field}' can't be blank`, 'validation_required');
  return value;
}
