/** Commander's parser for a whole-number option: `--jobs 2`, `--reps 1000`. */
import { InvalidArgumentError } from '@commander-js/extra-typings';

export function integerAtLeast(min: number): (text: string) => number {
  return (text: string): number => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isInteger(n) || n < min) throw new InvalidArgumentError(`expected an integer ≥ ${min}, got "${text}"`);
    return n;
  };
}
