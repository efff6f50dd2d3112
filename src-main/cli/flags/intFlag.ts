// An integer flag's value, checked: one clear line for "--epochs abc" or "--rounds -1", never a NaN run.
import { CliError } from '../command.js';

/** `value` as an integer ≥ min, or undefined when the flag was not given. */
export function intFlag(name: string, value: string | undefined, min = 1): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new CliError(`--${name} must be ${min === 1 ? 'a positive integer' : `an integer ≥ ${min}`}, not "${value}"`);
  return n;
}
