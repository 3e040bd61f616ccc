import { InputError } from '../errors.js';

/** A whole number within bounds, as --limit takes it. */
export function limitOption(flag: string, input: string, min: number, max: number): number {
  const value = Number(input.trim());
  if (!/^\d+$/.test(input.trim()) || value < min || value > max) {
    throw new InputError(`${flag}: "${input}" is not a whole number from ${min} to ${max}`);
  }
  return value;
}
